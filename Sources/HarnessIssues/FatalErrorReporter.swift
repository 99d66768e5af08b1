/// Stops the process on the first `.error` issue, with its message and location. Warnings are
/// printed like ``RuntimeWarningReporter`` does.
///
/// For debug builds of apps that would rather crash than run on in a wrong state.
public struct FatalErrorReporter: IssueReporter {
  public init() {}

  public func reportIssue(_ issue: ReportedIssue) {
    guard issue.severity == .error else {
      RuntimeWarningReporter.shared.reportIssue(issue)
      return
    }
    Swift.fatalError("\(issue.location): \(issue.shownMessage)")
  }
}

extension IssueReporter where Self == FatalErrorReporter {
  /// Stops the process on the first error issue.
  public static var fatalError: Self { FatalErrorReporter() }
}
