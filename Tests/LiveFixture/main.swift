// A production-like program linking HarnessIssues only: reported issues must print one
// warning line per call site and let the program go on. Run by LiveBehaviourTests.
import HarnessIssues

for attempt in 1...3 {
  reportIssue("live issue, attempt \(attempt)")  // line 6: printed once, not three times
}
reportIssue("another call site", severity: .warning)  // line 8
let value = withErrorReporting { () throws -> Int in throw CancellationError() }
print("isTesting: \(isTesting)")
print("context: \(String(describing: TestContext.current))")
print("still running, value: \(String(describing: value))")
