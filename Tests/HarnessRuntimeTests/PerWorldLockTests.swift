import Dispatch
import Foundation
import HarnessIssues
import HarnessRuntime
import Testing

/// Each world's queue and settle state has a lock of its own: a world whose lock is held (a long
/// step, a thread preempted inside it) holds up no other world's jobs, settles or membership.
@Suite struct PerWorldLockTests {
  private let engine = FollowedWork.shared

  /// Holds `world`'s lock on a thread of its own until `release` is signalled; returns once it
  /// is held.
  private func holdLock(of world: World, until release: DispatchSemaphore) {
    let held = DispatchSemaphore(value: 0)
    Thread {
      world.withLockHeld {
        held.signal()
        release.wait()
      }
    }.start()
    held.wait()
  }

  @Test func aWorldWhoseLockIsHeldHoldsUpNoOtherWorld() async throws {
    // Joined from outside any task: the test's own task is no member of it (its jobs would
    // rightly wait for the lock).
    let blocked = onAThreadOfItsOwn { [engine] in engine.joinWorld(testID: "PerWorldLockTests.blocked") }
    let release = DispatchSemaphore(value: 0)
    holdLock(of: blocked, until: release)

    // Another test's world: joins, follows the tasks its member starts, settles.
    let steps = Locked<[Int]>([])
    let settled = Locked<[SettleProblem]?>(nil)
    let joined = Locked(false)
    let other = Task.detached { [engine] in
      let world = engine.joinWorld(testID: "PerWorldLockTests.free")
      joined.withLock { $0 = true }
      let task = Task {
        for step in 1...5 {
          steps.withLock { $0.append(step) }
          await Task.yield()
        }
      }
      let problems = await engine.settle(world, .settleOnly())
      settled.withLock { $0 = problems }
      await task.value
      _ = engine.leaveWorld(world)
    }
    // Bounded, so that a regression (one lock for every world) fails here rather than hangs:
    // 120 s with no progress once the other world has joined (a regression makes none). Alone
    // it takes milliseconds, but beside the parallel suites under ThreadSanitizer, with the
    // other core busy, the pool took minutes to run the detached task at all: waiting for it is
    // bounded separately, and generously.
    let start = ContinuousClock.now
    var lastProgress = start
    var progress = (false, 0)
    while settled.withLock({ $0 == nil }), ContinuousClock.now - lastProgress < .seconds(120),
      ContinuousClock.now - start < .seconds(900)
    {
      try await Task.sleep(for: .milliseconds(20))
      let now = (joined.withLock { $0 }, steps.withLock { $0.count })
      if now != progress || !now.0 { (progress, lastProgress) = (now, ContinuousClock.now) }
    }
    let problems = settled.withLock { $0 }
    release.signal()
    #expect(problems != nil, "another world's settle waited for the lock of a world it has nothing to do with")
    #expect(problems?.isEmpty == true)
    #expect(steps.withLock { $0 } == [1, 2, 3, 4, 5])
    await other.value
    #expect(engine.leaveWorld(blocked).isEmpty)
    #expect(blocked.isRetired)
  }
}
