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

/// The hook's lock-free looks: a job of a task in no world is left to the global executor without
/// the follower's lock, while a world lives (a clock kept in a `static`); a followed task's job
/// goes to its world, and a test's own task's goes on, without the registry lock.
///
/// Serialized: a test holding the registry lock blocks the pool threads that route another
/// test's first jobs meanwhile, and on 2 cores the pool may then have no thread left to run the
/// job the test lets go by (one try in 20 lost, 2 s).
@Suite(.serialized) struct LockFreeRoutingTests {
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

  /// A new world for an index of the test's own (the engine's is shared with every test running
  /// now). Joined from a thread of its own: from this test's task, a second join would find the
  /// first world (the task is its member).
  private func newWorld(_ name: String) -> World {
    onAThreadOfItsOwn { [engine] in engine.joinWorld(testID: "LockFreeRoutingTests.\(name)") }
  }

  @Test func theRoutingIndexFindsATasksLiveWorldAndNothingElse() {
    let index = RoutingIndex()
    let (first, second) = (newWorld("index.first"), newWorld("index.second"))
    defer { _ = engine.leaveWorld(first) }
    index.register(first)
    index.register(second)
    index.set(7, to: first)
    #expect(index.world(of: 7) === first)
    // A slot holds one task: another in it is left to the locked path.
    index.set(7 + UInt64(RoutingIndex.slots), to: second)
    #expect(index.world(of: 7 + UInt64(RoutingIndex.slots)) == nil)
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
    let unregistered = newWorld("index.unregistered")
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

  @Test func theIndexTellsAMemberNoWorldFollowsFromAFollowedTask() {
    let index = RoutingIndex()
    let (first, second) = (newWorld("members.first"), newWorld("members.second"))
    defer { _ = engine.leaveWorld(first) }
    index.register(first)
    index.register(second)
    // A member entry is found as one, never as a followed task's.
    index.setMember(7, of: first)
    #expect(index.memberWorld(of: 7) === first)
    #expect(index.world(of: 7) == nil)
    // Following the task replaces it; a member entry never replaces a followed one, and
    // clearing a member leaves a followed entry alone.
    index.set(7, to: second)
    #expect(index.memberWorld(of: 7) == nil)
    #expect(index.world(of: 7) === second)
    index.setMember(7, of: first)
    index.clearMember(7)
    #expect(index.world(of: 7) === second && index.memberWorld(of: 7) == nil)
    // A member that leaves is in it no more; nor is one whose slot another task holds.
    index.setMember(9, of: first)
    index.clearMember(9)
    #expect(index.memberWorld(of: 9) == nil)
    index.setMember(11, of: first)
    index.setMember(11 + UInt64(RoutingIndex.slots), of: second)
    #expect(index.memberWorld(of: 11) === first)
    #expect(index.memberWorld(of: 11 + UInt64(RoutingIndex.slots)) == nil)
    // A retired world's member is never given out, whatever the entry says.
    index.setMember(13, of: second)
    _ = engine.leaveWorld(second)
    #expect(index.memberWorld(of: 13) == nil)
  }

  @Test func aMembersJobsGoOnWithoutTheRegistryLock() async {
    let world = engine.joinWorld(testID: "LockFreeRoutingTests.member")
    defer { _ = engine.leaveWorld(world) }
    // This test's task is the world's member, followed by none. Its job takes the locked path
    // while its index slot or adoption presence slot is shared with another test's task: one
    // resumption of 20 getting through is proof enough that the path is not locked.
    var through = false
    for _ in 0..<20 where !through {
      through = await resumesWithTheRegistryHeld()
    }
    #expect(through, "a member's job waited for the registry lock")
  }

  @Test func aTaskOfNoWorldResumedByAWorldsTaskGoesOnWithoutTheRegistryLock() async {
    // As above: a shared slot sends a job through the locked path; one run of 20 suffices.
    var through = false
    for _ in 0..<20 where !through {
      through = await anOlderTaskResumedFromAWorldsThreadWithTheRegistryHeld()
    }
    #expect(through, "a job of a task of no world, enqueued by a world's work, waited for the registry lock")
  }

  /// A task of no world, older than the world below (so its work may not take it in), waits
  /// for a continuation; a task the world follows resumes it from the world's thread, itself
  /// resumed from a thread of no world while another thread holds the registry lock. Whether
  /// the older task ran on before the lock was let go.
  private func anOlderTaskResumedFromAWorldsThreadWithTheRegistryHeld() async -> Bool {
    let olderWaits = Locked<CheckedContinuation<Void, Never>?>(nil)
    let ran = Locked(false)
    let older = onAThreadOfItsOwn {
      Task.detached {
        await withCheckedContinuation { continuation in olderWaits.withLock { $0 = continuation } }
        ran.withLock { $0 = true }
      }
    }
    while olderWaits.withLock({ $0 == nil }) { try? await Task.sleep(for: .milliseconds(1)) }
    let through = await onAThreadOfItsOwn {
      Task.detached { [engine] in
        let world = engine.joinWorld(testID: "LockFreeRoutingTests.older")
        defer { _ = engine.leaveWorld(world) }
        let go = Locked<CheckedContinuation<Void, Never>?>(nil)
        let follower = Task {
          await withCheckedContinuation { continuation in go.withLock { $0 = continuation } }
          olderWaits.withLock { $0 }?.resume()
        }
        _ = await engine.settle(world, .settleOnly())
        guard let continuation = go.withLock({ $0 }) else {
          Issue.record("the followed task did not reach its continuation")
          olderWaits.withLock { $0 }?.resume()
          return false
        }
        let through = await withCheckedContinuation { (result: CheckedContinuation<Bool, Never>) in
          holdingTheRegistry(resuming: continuation, until: ran) { result.resume(returning: $0) }
        }
        await follower.value
        return through
      }
    }.value
    await older.value
    return through
  }

  /// Suspends the current task, has it resumed from a thread of no world and no task while
  /// another thread holds the registry lock, and says whether it ran on before the lock was let
  /// go.
  private func resumesWithTheRegistryHeld() async -> Bool {
    let ran = Locked(false)
    let through = Locked(false)
    let holderDone = DispatchSemaphore(value: 0)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      holdingTheRegistry(resuming: continuation, until: ran) { seen in
        through.withLock { $0 = seen }
        holderDone.signal()
      }
    }
    ran.withLock { $0 = true }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      Thread {
        holderDone.wait()
        continuation.resume()
      }.start()
    }
    return through.withLock { $0 }
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
    // Waited for off this test's task: a member's job may take the locked path (a shared slot),
    // so it must not wait while the lock is held.
    let through = await withCheckedContinuation { (result: CheckedContinuation<Bool, Never>) in
      holdingTheRegistry(resuming: continuation, until: done) { result.resume(returning: $0) }
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

/// Holds the registry lock on a thread of its own, resumes `continuation` from another thread
/// (of no world and no task) meanwhile, and hands `report` whether `done` was set before the
/// lock was let go. Bounded: through the lock-free paths it takes microseconds; a job that takes
/// the locked path waits for the lock until this lets it go, after 2 s.
private func holdingTheRegistry(
  resuming continuation: CheckedContinuation<Void, Never>,
  until done: Locked<Bool>,
  then report: @escaping @Sendable (Bool) -> Void
) {
  Thread {
    let seen = FollowedWork.shared.withRegistryHeld {
      Thread { continuation.resume() }.start()
      let start = ContinuousClock.now
      while !done.withLock({ $0 }), ContinuousClock.now - start < .seconds(2) {
        Thread.sleep(forTimeInterval: 0.001)
      }
      // Read with the lock still held: once it is let go, the waiting jobs run at once.
      return done.withLock { $0 }
    }
    report(seen)
  }.start()
}

/// An actor the tests' tasks call into.
private actor Counter {
  var value = 0
  func increment() { value += 1 }
}
