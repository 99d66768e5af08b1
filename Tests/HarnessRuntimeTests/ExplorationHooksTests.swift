#if canImport(Glibc)
  import Glibc
#endif
import HarnessIssues
import HarnessRuntime
import Testing

/// Explored runs: bounded, and abandoned ones never run again.
@Suite struct ExplorationHooksTests {
  /// The step bound: a run that keeps running jobs is abandoned after `maxJobs`, and its tasks
  /// never run again (they may hold what the caller frees next).
  @Test func aRunPastItsStepBoundIsAbandonedAndItsTasksNeverRunAgain() async {
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
    // The job running as the run was given up may finish its turn; nothing after it.
    let spun = spins.withLock { $0 }
    for _ in 1...1_000 { await Task.yield() }
    #expect(spins.withLock { $0 } <= spun + 1)
  }

  /// A run with nothing ready, running or due and its body unfinished is a stall, reported with
  /// its tasks.
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

  /// The driver is no task of the run: the chooser never sees its jobs.
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

  /// The engine never writes the runtime's global enqueue hook: it sees the process's tasks as
  /// its default executor.
  @Test func theEngineLeavesTheGlobalEnqueueHookAlone() {
    #expect(RuntimeInterception.install() == .defaultExecutor)
    typealias Hook = @convention(thin) (UnownedJob, @convention(thin) (UnownedJob) -> Void) -> Void
    let slot = dlsym(dlopen(nil, RTLD_NOW), "swift_task_enqueueGlobal_hook")
    #expect(slot?.assumingMemoryBound(to: Hook?.self).pointee == nil)
  }
}
