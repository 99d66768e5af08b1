import HarnessClocks
import HarnessIssues
import Testing

// Replaces the runtime hook the follower needs, for every test in the process: run only in a
// child process started by `DisplacedHookTests`.
@Suite(.enabled(if: failingFixturesEnabled, "runs only as a child process of DisplacedHookTests"))
struct DisplacedHookFixtures {
  /// Another library's hook in the slot (as `withMainSerialExecutor` installs) is reported at
  /// the next advance, naming the likely cause and the fix, once per test.
  @Test func aDisplacedHookIsReported() async {
    let clock = TestClock()
    await clock.advance()
    let restore = GlobalEnqueueHookForTesting.displace()
    await withExpectedIssue {
      await clock.advance(by: .seconds(1))
    } matching: { issue in
      issue.message.contains("replaced the Swift runtime's swift_task_enqueueGlobal_hook")
        && issue.message.contains("withMainSerialExecutor")
    }
    // Reported once: the next advance says nothing more.
    await clock.advance(by: .seconds(1))
    restore()
    #expect(clock.now.offset == .seconds(2))
  }
}
