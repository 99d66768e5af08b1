import Dispatch
import Foundation
import HarnessIssues
import HarnessRuntime
import Testing

/// Picks the oldest ready job: a run in the order the jobs became ready.
private final class OldestFirst: JobChooser {
  let taskCreationSites = TaskCreationSites()
  func chooseNext(among readyTasks: UnsafeBufferPointer<UInt64>, actors: UnsafeBufferPointer<UInt>) -> Int { 0 }
}

/// Picks the oldest ready job, and keeps every task it was shown.
private final class Recording: JobChooser {
  let taskCreationSites = TaskCreationSites()
  let shown = Locked<Set<UInt64>>([])
  func chooseNext(among readyTasks: UnsafeBufferPointer<UInt64>, actors: UnsafeBufferPointer<UInt>) -> Int {
    shown.withLock { $0.formUnion(readyTasks) }
    return 0
  }
}

/// The engine's state machine, through its package API: worlds begin, gain members, follow
/// the tasks members start, settle, retire; explored runs are bounded and abandoned ones never
/// run again.
@Suite struct WorldStateTests {
  private let engine = FollowedWork.shared

  @Test func aTestsTaskJoinsOneWorldAndTheLastLeaveRetiresIt() async {
    let world = engine.joinWorld(testID: "WorldStateTests.join")
    #expect(engine.joinWorld(testID: "WorldStateTests.join") === world)
    // Code outside the test's work, for another test, gets a world of its own.
    let other = onAThreadOfItsOwn { [engine] in engine.joinWorld(testID: "WorldStateTests.other") }
    #expect(other !== world)
    #expect(engine.leaveWorld(world).isEmpty)
    #expect(!world.isRetired)
    _ = engine.leaveWorld(world)
    #expect(world.isRetired)
    _ = engine.leaveWorld(other)
    #expect(other.isRetired)
  }

  @Test func theEndOfATestRetiresItsWorldsWhateverHoldsThem() {
    let world = engine.joinWorld(testID: "WorldStateTests.end")
    engine.testEnded("WorldStateTests.end")
    #expect(world.isRetired)
    _ = engine.leaveWorld(world)
  }

  @Test func anXCTestStyleWorldExistsBeforeTheTestRuns() {
    let world = engine.beginMainThreadTest("WorldStateTests.begin")
    #expect(engine.beginMainThreadTest("WorldStateTests.begin") === world)
    #expect(!world.isRetired)
    engine.testEnded("WorldStateTests.begin")
    #expect(world.isRetired)
  }

  /// A task a member starts is followed: the settle returns only once it has run.
  @Test func aTraitsWorldIsTheTestTasksUntilTheTestEnds() async throws {
    let world = try #require(engine.beginTestWorld(testID: "WorldStateTests.trait"))
    // The test's task is its member already: a clock made in the test joins it, and a nested
    // scope (a trait inside an explored iteration's body) begins none of its own.
    #expect(engine.beginTestWorld(testID: "WorldStateTests.trait") == nil)
    #expect(engine.joinWorld(testID: "WorldStateTests.trait") === world)
    engine.endTestWorld(world)
    #expect(world.isRetired)
    // The clock's leave, later, reports nothing and retires nothing more.
    #expect(engine.leaveWorld(world).isEmpty)
    // Outside any task there is no test to begin a world for.
    let outside: World? = onAThreadOfItsOwn { [engine] in engine.beginTestWorld(testID: "WorldStateTests.none") }
    #expect(outside == nil)
  }

  @Test func aSettleWaitsForTheTasksAMemberStarts() async {
    let world = engine.joinWorld(testID: "WorldStateTests.settle")
    let steps = Locked<[Int]>([])
    let task = Task {
      for step in 1...5 {
        steps.withLock { $0.append(step) }
        await Task.yield()
      }
    }
    let problems = await engine.settle(world, .settleOnly())
    #expect(problems.isEmpty)
    #expect(steps.withLock { $0 } == [1, 2, 3, 4, 5])
    await task.value
    _ = engine.leaveWorld(world)
  }

  /// Retiring a world takes its own routing entries out and leaves every other world's, however
  /// many tasks each followed (a world keeps the ids it was given, rather than the retirement
  /// scanning every world's entries).
  @Test func retiringAWorldRemovesItsOwnRoutingEntriesOnly() async {
    let world = engine.joinWorld(testID: "WorldStateTests.routes")
    let member = TaskIdentity.currentTaskID()
    var children: [UInt64] = []
    for _ in 0..<200 { children.append(await Task { TaskIdentity.currentTaskID() }.value) }
    #expect(children.allSatisfy { engine.routedWorld(of: $0) === world })
    // Another test's world comes and goes.
    let other = onAThreadOfItsOwn { [engine] in engine.joinWorld(testID: "WorldStateTests.routes.other") }
    _ = engine.leaveWorld(other)
    #expect(other.isRetired)
    #expect(children.allSatisfy { engine.routedWorld(of: $0) === world })
    #expect(engine.routedWorld(of: member) === world)
    _ = engine.leaveWorld(world)
    #expect(world.isRetired)
    #expect(children.allSatisfy { engine.routedWorld(of: $0) == nil })
    #expect(engine.routedWorld(of: member) == nil)
  }

  /// A sleep is seen when its task is followed, and not when it comes from elsewhere.
  @Test func aSleepIsSeenOnlyFromTheWorldsWork() async {
    let world = engine.joinWorld(testID: "WorldStateTests.sleep")
    let member = TaskIdentity.currentTaskID()
    #expect(engine.noteSleeper(member, in: world, at: nil))
    // A task the test starts is followed: its sleeps are seen.
    let child = await Task { [engine] in engine.noteSleeper(TaskIdentity.currentTaskID(), in: world, at: nil) }.value
    #expect(child)
    // A thread outside the test's work (a Dispatch callback, say) is not.
    let seenFromOutside = onAThreadOfItsOwn { [engine] in engine.noteSleeper(0, in: world, at: nil) }
    #expect(!seenFromOutside)
    _ = engine.leaveWorld(world)
  }

  /// The step bound: a run that keeps running jobs is abandoned after `maxJobs`, and its tasks
  /// never run again (they may hold what the caller frees next).
  @Test func aRunPastItsStepBoundIsAbandonedAndItsTasksQuarantined() async throws {
    let spins = Locked(0)
    let outcome = await ExploredRun.run(chooser: OldestFirst(), stallPatience: .seconds(30), maxJobs: 200, testID: nil) {
      while true {
        spins.withLock { $0 += 1 }
        await Task.yield()
      }
    }
    guard case .exceededJobs(let jobs, let report) = outcome else {
      Issue.record("expected the step bound to end the run, got \(outcome)")
      return
    }
    #expect(jobs == 200)
    #expect(report.contains("• the body"))
    #expect(outcome.wasAbandoned)
    // Until the driver has quarantined the run's tasks, they may take a few more turns;
    // nothing after that.
    try await Task.sleep(for: .milliseconds(50))
    let spun = spins.withLock { $0 }
    try await Task.sleep(for: .milliseconds(100))
    #expect(spins.withLock { $0 } == spun)
  }

  /// A run with no job ready and its body unfinished is a stall, reported with its tasks.
  @Test func aRunWithNothingReadyStalls() async {
    let outcome = await ExploredRun.run(chooser: OldestFirst(), stallPatience: .milliseconds(200), testID: nil) {
      await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
    }
    guard case .stalled(let report) = outcome else {
      Issue.record("expected a stall, got \(outcome)")
      return
    }
    #expect(report.contains("• the body"))
  }

  @Test func aRunThatReturnsFinishes() async {
    let outcome = await ExploredRun.run(chooser: OldestFirst(), stallPatience: .seconds(30), maxJobs: 10_000, testID: nil) {
      await withTaskGroup(of: Void.self) { group in
        for _ in 1...3 { group.addTask { await Task.yield() } }
      }
    }
    guard case .finished(let error) = outcome else {
      Issue.record("expected the run to finish, got \(outcome)")
      return
    }
    #expect(error == nil)
  }

  /// The driver's job, which resumes on the world's thread once the run is over, is no step of
  /// the run: a chooser that saw it counted a step more or not as it came there or went
  /// elsewhere (another library's hook holding the slot for a moment), and PCT, which draws an
  /// iteration's change points from the last one's steps, explored other orders for a seed.
  @Test func theChooserIsShownTheRunsJobsOnly() async {
    let chooser = Recording()
    let driver = TaskIdentity.currentTaskID()
    let outcome = await ExploredRun.run(chooser: chooser, stallPatience: .seconds(30), maxJobs: 10_000, testID: nil) {
      await withTaskGroup(of: Void.self) { group in
        for _ in 1...2 { group.addTask { await Task.yield() } }
      }
    }
    guard case .finished = outcome else {
      Issue.record("expected the run to finish, got \(outcome)")
      return
    }
    let shown = chooser.shown.withLock { $0 }
    #expect(shown.count >= 3, "the body and its two tasks")
    #expect(!shown.contains(driver))
  }

  @Test func theHookIsInstalledAndInItsSlot() {
    #expect(GlobalEnqueueHook.isInstalled)
    #expect(GlobalEnqueueHook.isInSlot)
    // Nothing to take back: the slot is ours.
    #expect(!GlobalEnqueueHook.reclaim())
  }
}
