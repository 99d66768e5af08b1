/// Keeps the issues a body raises instead of reporting them, for a tool that runs the body on a
/// test's behalf and reports once for it (an explored iteration).
///
/// Inside ``capture(isolation:_:)`` every issue comes here: Harness's own (even those an
/// enclosing `withExpectedIssue` would expect: the tool decides what they mean) and failures
/// the test framework records directly. An issue the body expects itself, or sends to reporters
/// of its own, stays the body's.
package final class IssueCapture: IssueReporter {
  /// The capture around the current task, for failures a test framework records directly
  /// where no framework hook reaches it (`XCTFail` in a `DependencyTestCase`).
  @TaskLocal package static var current: IssueCapture?

  private let storage = Locked<[ReportedIssue]>([])
  /// Where issues went before the capture: where ``reportOutside(_:)`` sends them.
  private let outerScope: ExpectedIssueScope?
  private let outerReporters: [any IssueReporter]

  package init() {
    outerScope = ExpectedIssueScope.current
    outerReporters = IssueReporters.current
  }

  /// The issues captured so far, in the order they were raised.
  package var issues: [ReportedIssue] { storage.withLock { $0 } }

  package func reportIssue(_ issue: ReportedIssue) {
    storage.withLock { $0.append(issue) }
  }

  /// Runs `body`, capturing its issues.
  package func capture(isolation: isolated (any Actor)? = #isolation, _ body: () async -> Void) async {
    await ExpectedIssueScope.$current.withValue(nil) {
      await IssueCapture.$current.withValue(self) {
        await IssueReporters.$current.withValue([self]) {
          if let expectingFailures = TestFrameworkBridge.installed?.expectingFailuresAsync {
            // Failures recorded with the framework itself (#expect, Issue.record).
            _ = try? await expectingFailures({ issue in
              self.reportIssue(issue)
              return true
            }, body)
          } else {
            await body()
          }
        }
      }
    }
  }

  /// Reports `issue` where it would have gone without the capture, also from inside it.
  package func reportOutside(_ issue: ReportedIssue) {
    if outerScope?.consume(issue) == true { return }
    for reporter in outerReporters { reporter.reportIssue(issue) }
  }
}
