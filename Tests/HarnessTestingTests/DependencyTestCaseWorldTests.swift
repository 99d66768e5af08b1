import HarnessClocks
import HarnessIssues
import HarnessTesting
import XCTest

/// A `DependencyTestCase` test's world begins when the test begins, not at its first clock or
/// store call: a task the test starts on its first line is followed from its first job.
final class DependencyTestCaseWorldTests: DependencyTestCase {
  func testAnAdvanceWaitsForATaskStartedBeforeAnyHarnessCall() async {
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
    XCTAssertTrue(woke.value)
    task.cancel()
    await task.value
  }
}
