/// Prints each issue as one line on standard error, `Module/File.swift:12: message`, once per
/// call site, and lets the program go on. What a live app does with issues.
public struct RuntimeWarningReporter: IssueReporter {
  /// One shared set of seen call sites, so a warning in a loop prints once.
  static let shared = RuntimeWarningReporter()
  private static let seen = Locked<Set<SourceCodeLocation>>([])

  public init() {}

  public func reportIssue(_ issue: ReportedIssue) {
    let isNew = Self.seen.withLock { $0.insert(issue.location).inserted }
    guard isNew else { return }
    Self.printLine(issue, note: nil)
  }

  static func printLine(_ issue: ReportedIssue, note: String?) {
    var line = "\(issue.location.fileID):\(issue.location.line): \(issue.shownMessage)"
    if let note { line += "\n\(note)" }
    WholeWrite.toStandardError(line + "\n")
  }
}

extension IssueReporter where Self == RuntimeWarningReporter {
  /// Prints `Module/File.swift:12: message` on standard error once per call site.
  public static var runtimeWarning: Self { RuntimeWarningReporter() }
}
