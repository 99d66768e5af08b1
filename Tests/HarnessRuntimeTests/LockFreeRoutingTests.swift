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

  @Test func theFollowedIndexFindsATasksLiveWorldAndNothingElse() {
    // An index of its own: the engine's is shared with every test running now.
    let index = FollowedIndex()
    // Joined from threads of their own: from this test's task, the second join would find the
    // first world (the task is its member).
    let world = { [engine] (name: String) in onAThreadOfItsOwn { engine.joinWorld(testID: "LockFreeRoutingTests.index.\(name)") } }
    let first = world("first")
    let second = world("second")
    defer { _ = engine.leaveWorld(first) }
    index.register(first)
    index.register(second)
    index.set(7, to: first)
    #expect(index.world(of: 7) === first)
    // A slot holds one task: another in it is left to the locked path.
    index.set(7 + UInt64(FollowedIndex.slots), to: second)
    #expect(index.world(of: 7 + UInt64(FollowedIndex.slots)) == nil)
    #expect(index.world(of: 7) === first)
    // A task that moves, or leaves.
    index.set(7, to: second)
    #expect(index.world(of: 7) === second)
    index.set(7, to: nil)
    #expect(index.world(of: 7) == nil)
    // No task, and ids too large to pack, are never in it.
    index.set(0, to: first)
    index.set(1 << 50, to: first)
    #expect(index.world(of: 0) == nil && index.world(of: 1 << 50) == nil)
    // A world with no slot has no entries; one that retired is never given out, whatever an
    // entry still says.
    let unregistered = world("unregistered")
    index.set(9, to: unregistered)
    #expect(index.world(of: 9) == nil)
    _ = engine.leaveWorld(unregistered)
    index.set(11, to: second)
    _ = engine.leaveWorld(second)
    #expect(second.isRetired)
    #expect(index.world(of: 11) == nil)
    index.unregister(second)
    #expect(index.world(of: 11) == nil)
  }

  /// Two tasks `world` follows, each waiting for a continuation: this test resumes the first
  /// from a thread of no world while another thread holds the registry lock; the first calls
  /// into an actor, then resumes the second from the world's thread, which calls into the actor
  /// too. Whether they got through with the lock held. (No `Task.yield()`: its continuation
  /// passes through the global executor's pool, whose threads, routing other tests' jobs, wait
  /// for the lock too.)
  private func resumesWithTheRegistryHeld(in world: World) async -> Bool {
    let waiting = Locked<[CheckedContinuation<Void, Never>]>([])
    let counter = Counter()
    let done = Locked(false)
    let second = Task {
      await withCheckedContinuation { continuation in waiting.withLock { $0.append(continuation) } }
      await counter.increment()
      done.withLock { $0 = true }
    }
    _ = await engine.settle(world, .settleOnly())
    let first = Task {
      await counter.increment()
      await withCheckedContinuation { continuation in waiting.withLock { $0.append(continuation) } }
      for _ in 1...3 { await counter.increment() }
      waiting.withLock { $0.removeFirst() }.resume()
    }
    _ = await engine.settle(world, .settleOnly())
    guard waiting.withLock({ $0.count }) == 2, let continuation = waiting.withLock({ $0.popLast() }) else {
      Issue.record("the tasks did not reach their continuations")
      return false
    }
    // Waited for on threads of their own: this test's task is the world's member, whose jobs
    // rightly take the locked path, so it must not wait while the lock is held.
    let through = await withCheckedContinuation { (result: CheckedContinuation<Bool, Never>) in
      Thread { [engine] in
        let through = engine.withRegistryHeld {
          Thread { continuation.resume() }.start()
          // Bounded: through the lock-free paths it takes microseconds; a job that takes the
          // locked path waits for the lock until this lets it go.
          let start = ContinuousClock.now
          while !done.withLock({ $0 }), ContinuousClock.now - start < .seconds(2) {
            Thread.sleep(forTimeInterval: 0.001)
          }
          // Read with the lock still held: once it is let go, the waiting jobs run at once.
          return done.withLock { $0 }
        }
        result.resume(returning: through)
      }.start()
    }
    await first.value
    await second.value
    return through
  }

  @Test func aFollowedTasksJobsGoToItsWorldWithoutTheRegistryLock() async {
    let world = engine.joinWorld(testID: "LockFreeRoutingTests.followed")
    defer { _ = engine.leaveWorld(world) }
    // A job takes the locked path while its task shares a slot of the index, or of the
    // adoptions' presence, with another test's task: one run of 20 getting through is proof
    // enough that the paths are not locked.
    var through = false
    for _ in 0..<20 where !through {
      through = await resumesWithTheRegistryHeld(in: world)
    }
    #expect(through, "a followed task's jobs waited for the registry lock")
  }
}

/// An actor the tests' tasks call into.
private actor Counter {
  var value = 0
  func increment() { value += 1 }
}
