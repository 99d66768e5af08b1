import HarnessIssues
import HarnessTesting
import Testing

// Helpers shared by the ported scenarios. Written for this port; nothing here is copied from
// xctest-dynamic-overlay / swift-issue-reporting.

struct IRFailure: Error {}
struct IRSomeError: Error {}

/// A reporter that drops every issue (the original's `.noop` in its SwiftTestingTests).
struct IRNoopReporter: IssueReporter {
  func reportIssue(_ issue: ReportedIssue) {}
}

extension IssueReporter where Self == IRNoopReporter {
  static var noop: Self { IRNoopReporter() }
}

/// What Swift Testing itself records while `body` runs: runs it in `withKnownIssue`
/// (intermittent, so that an empty result is not a failure of its own) and returns the issues,
/// so that a port can check what a user sees in the test log.
func irRecordedIssues(_ body: () -> Void) -> [Issue] {
  let issues = LockIsolated<[Issue]>([])
  withKnownIssue(isIntermittent: true) {
    body()
  } matching: { issue in
    issues.withValue { $0.append(issue) }
    return true
  }
  return issues.value
}

/// The async version of ``irRecordedIssues(_:)``.
func irRecordedIssues(
  isolation: isolated (any Actor)? = #isolation,
  _ body: () async -> Void
) async -> [Issue] {
  let issues = LockIsolated<[Issue]>([])
  await withKnownIssue(isIntermittent: true) {
    await body()
  } matching: { issue in
    issues.withValue { $0.append(issue) }
    return true
  }
  return issues.value
}

/// An issue's headline and comments, as `swift test` prints them.
func irText(of issue: Issue) -> String {
  (["\(issue.kind)"] + issue.comments.map(\.rawValue)).joined(separator: "\n")
}


/// Kept for the port's call sites, silent here: the port printed what each framework recorded.
func irNote(_ scenario: String, _ issues: [Issue]) {}

/// Kept for the port's call sites, silent here.
func irNote(_ scenario: String, message: String) {}
