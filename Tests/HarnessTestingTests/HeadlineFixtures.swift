import HarnessIssues
import Testing

// Deliberately failing: run only by `FailureSurfacingTests` in a child process. Line numbers
// (the `// line N` comments) are asserted.

@Suite(.enabled(if: failingFixturesEnabled, "runs only as a child process of FailureSurfacingTests"))
struct FailingHeadlineFixtures {
  @Test func reportsAMultilineMessage() {
    reportIssue("Unimplemented: 'Client.fetch'\n\nInvoked with:\n  42")  // line 10
  }
}
