import HarnessClocks
import HarnessIssues

/// Starts a task before any Harness call of the test, then makes a clock and advances it past
/// the task's sleep: whether the task woke on the advance. Only if the test's world began with
/// the test is the task followed from its first job, so that the advance waits for it.
/// Runs in the caller's isolation, so that the task starts where the test would have started it.
func aTaskStartedBeforeAnyHarnessCallWakesOnTheAdvance(isolation: isolated (any Actor)? = #isolation) async -> Bool {
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
  let wokeOnTheAdvance = woke.value
  task.cancel()
  await task.value
  return wokeOnTheAdvance
}
