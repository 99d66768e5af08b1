
/// A reporter that keeps every issue it receives, for code that wants to look at issues
/// instead of failing on them.
///
/// ```swift
/// let collector = IssueCollector()
/// withIssueReporters([collector]) { reportIssue("disk full") }
/// #expect(collector.issues.map(\.message) == ["disk full"])
/// ```
public final class IssueCollector: IssueReporter {
  private let storage = Locked<[ReportedIssue]>([])

  public init() {}

  public func reportIssue(_ issue: ReportedIssue) {
    storage.withLock { $0.append(issue) }
  }

  /// The issues received so far, in the order they were reported.
  public var issues: [ReportedIssue] { storage.withLock { $0 } }
}
