/// The reporter in effect unless a scope says otherwise.
///
/// Inside a test it fails the running test through the test framework bridge that
/// `HarnessTesting` installs. Outside tests it behaves like ``RuntimeWarningReporter``.
public struct DefaultIssueReporter: IssueReporter {
  public init() {}

  public func reportIssue(_ issue: ReportedIssue) {
    if let bridge = TestFrameworkBridge.installed {
      let test = bridge.currentTest()
      if test != nil || bridge.isRunningTests() {
        bridge.record(issue, test)
        return
      }
    } else if isTesting {
      // A test process without HarnessTesting: nothing can fail the test, so say so loudly.
      RuntimeWarningReporter.printLine(
        issue,
        note: """
          Harness could not fail the running test because this test target does not link \
          HarnessTesting. Add "HarnessTesting" to the test target's dependencies in Package.swift.
          """
      )
      return
    }
    RuntimeWarningReporter.shared.reportIssue(issue)
  }
}

extension IssueReporter where Self == DefaultIssueReporter {
  /// Fails the running test; outside tests, prints a warning once per call site.
  public static var `default`: Self { DefaultIssueReporter() }
}
