import Dispatch
import Foundation
import HarnessIssues
import HarnessRuntime
import Testing

/// Starts a task from a thread of its own (so that no world's work starts it) and says whether
/// the hook's lock-free look finds its jobs to be no world's.
private func isJobOfATaskStartedOffEveryWorldOffTheLock() -> Bool {
  let result = Locked<Bool?>(nil)
  let done = DispatchSemaphore(value: 0)
  Thread {
    Task.detached {
      result.withLock { $0 = FollowedWork.shared.isNoWorldsJob(of: TaskIdentity.currentTaskID(), enqueuedBy: TaskIdentity.currentTaskID()) }
      done.signal()
    }
  }.start()
  done.wait()
  return result.withLock { $0! }
}

/// The hook's lock-free look: a job of a task in no world is left to the global executor without
/// the follower's lock, while a world lives (a clock kept in a `static`); a job of a world's task
/// never is.
@Suite struct LockFreeRoutingTests {
  private let engine = FollowedWork.shared

  @Test func aTableCountsItsTasksAndForgetsThemWhenTheyLeave() {
    let presence = TaskTable.Presence()
    var table = TaskTable(presence: presence)
    let world = engine.joinWorld(testID: "LockFreeRoutingTests.table")
    defer { _ = engine.leaveWorld(world) }
    #expect(!presence.mayContain(7))
    table[7] = world
    table[7] = world
    #expect(presence.mayContain(7))
    // Slots are shared by ids `slots` apart: one entry's leaving keeps the other's count.
    let apart = UInt64(TaskTable.Presence.slots)
    table[7 + apart] = world
    #expect(table.removeValue(forKey: 7) === world)
    #expect(presence.mayContain(7))
    table[7 + apart] = nil
    #expect(!presence.mayContain(7))
    table[9] = world
    table[10] = world
    table.removeAll(of: world)
    #expect(table.isEmpty)
    #expect(!presence.mayContain(9) && !presence.mayContain(10))
    // No task (id 0) is never in a table.
    table[0] = world
    #expect(!presence.mayContain(0))
  }

  @Test func aWorldKeptAliveLeavesOtherTasksOffTheLock() async {
    let kept = engine.joinWorld(testID: "LockFreeRoutingTests.kept")
    defer { _ = engine.leaveWorld(kept) }
    // This test's task is the kept world's member now: its jobs, and jobs it enqueues, take the
    // locked path.
    #expect(!engine.isNoWorldsJob(of: 0, enqueuedBy: TaskIdentity.currentTaskID()))
    #expect(engine.routedTasks.mayContain(TaskIdentity.currentTaskID()))
    // A task in no world: its jobs skip the lock. (Slots are shared, and other tests of the
    // process run now, some with thousands of followed tasks while they last. One task seen so,
    // in up to 200, is proof enough that the look is not locked.)
    var seenOffTheLock = 0
    for _ in 0..<200 where seenOffTheLock == 0 && isJobOfATaskStartedOffEveryWorldOffTheLock() {
      seenOffTheLock += 1
    }
    #expect(seenOffTheLock > 0)
  }

  @Test func aRetiredWorldsTasksLeaveEveryTable() async {
    let world = engine.joinWorld(testID: "LockFreeRoutingTests.retired")
    let member = TaskIdentity.currentTaskID()
    // A task the member starts is followed from its first job.
    let started = Locked<UInt64>(0)
    let child = Task { started.withLock { $0 = TaskIdentity.currentTaskID() } }
    #expect(await engine.settle(world, .settleOnly()).isEmpty)
    await child.value
    let childID = started.withLock { $0 }
    #expect(engine.routedTasks.mayContain(member) && engine.routedWorld(of: member) === world)
    #expect(engine.routedTasks.mayContain(childID) && engine.routedWorld(of: childID) === world)
    _ = engine.leaveWorld(world)
    #expect(world.isRetired)
    #expect(engine.routedWorld(of: member) == nil)
    #expect(engine.routedWorld(of: childID) == nil)
  }
}
