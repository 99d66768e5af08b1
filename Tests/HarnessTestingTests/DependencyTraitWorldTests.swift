import HarnessClocks
import HarnessIssues
import HarnessTesting
import Testing

/// A test in a dependency trait's scope has a world from its first line, as a
/// `DependencyTestCase` test does: a task it starts before its first clock or store call is
/// followed from its first job.
@Suite(.dependencies)
struct DependencyTraitWorldTests {
  @Test(arguments: 0..<5)
  func anAdvanceWaitsForATaskStartedBeforeAnyHarnessCall(_ run: Int) async {
    let shared = LockIsolated<TestClock<Duration>?>(nil)
    let woke = LockIsolated(false)
    let task = Task {
      // Busy for a thousand jobs before it sleeps: followed, the advance waits for all of them;
      // unfollowed, it would still be yielding when the advance looked for sleepers.
      for _ in 0..<1_000 { await Task.yield() }
      while shared.value == nil { await Task.yield() }
      try? await shared.value?.sleep(for: .seconds(1))
      woke.setValue(true)
    }
    let clock = TestClock()
    shared.setValue(clock)
    await clock.advance(by: .seconds(1))
    #expect(woke.value, "run \(run): the task slept after the advance")
    task.cancel()
    await task.value
  }
}
