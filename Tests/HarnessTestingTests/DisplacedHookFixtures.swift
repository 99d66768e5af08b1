import HarnessClocks
import HarnessIssues
import Testing

// Replaces the runtime hook the follower needs, for every test in the process: run only in a
// child process started by `DisplacedHookTests`.
@Suite(.enabled(if: failingFixturesEnabled, "runs only as a child process of DisplacedHookTests"))
struct DisplacedHookFixtures {
  /// Another library's hook in the slot (as `withMainSerialExecutor` installs) is taken back at
  /// the next settle: the clock keeps following the test's work, and a warning names the likely
  /// cause, once per process.
  @Test func aDisplacedHookIsReclaimedAndWarnedAboutOnce() async throws {
    // An earlier test used Harness (its hook is in the slot), then another library took the
    // slot (a TCA TestStore's init, say).
    await TestClock().advance()
    let restore = GlobalEnqueueHookForTesting.displace()
    let clock = TestClock()
    let ticks = LockIsolated(0)
    let task = Task {
      for _ in 1...3 {
        try await clock.sleep(for: .seconds(1))
        ticks.withValue { $0 += 1 }
      }
    }
    await withExpectedIssue {
      await clock.advance(by: .seconds(1))
    } matching: { issue in
      issue.severity == .warning
        && issue.message.contains("replaced the Swift runtime's swift_task_enqueueGlobal_hook")
        && issue.message.contains("withMainSerialExecutor")
        && issue.message.contains("put its hook back")
    }
    #expect(ticks.value == 1)
    // Taken again while the task sleeps: put back at the next advance, with no second warning.
    let restoreAgain = GlobalEnqueueHookForTesting.displace()
    await clock.advance(by: .seconds(2))
    #expect(ticks.value == 3)
    try await task.value
    restoreAgain()
    restore()
    #expect(clock.now.offset == .seconds(3))
  }
}
