/// Something that receives reported issues.
///
/// The reporters in effect are task-local (``IssueReporters/current``): child tasks inherit
/// them, parallel tests never see each other's. Swap them with
/// ``withIssueReporters(_:operation:)``. Built-ins: ``IssueReporter/default``,
/// ``IssueReporter/runtimeWarning``, ``IssueReporter/fatalError``, ``IssueCollector``.
public protocol IssueReporter: Sendable {
  /// Called once for every issue that is not expected by an enclosing `withExpectedIssue`.
  func reportIssue(_ issue: ReportedIssue)
}

/// The task-local list of reporters that ``reportIssue(_:severity:fileID:filePath:line:column:)``
/// hands issues to.
public enum IssueReporters {
  /// The reporters for the current task. Defaults to `[.default]`.
  @TaskLocal public static var current: [any IssueReporter] = [DefaultIssueReporter()]
}

/// Runs `operation` with `reporters` receiving every issue reported in it (and in the tasks it
/// starts with `Task {}`, `async let` or task groups).
public func withIssueReporters<R>(
  _ reporters: [any IssueReporter],
  operation: () throws -> R
) rethrows -> R {
  try IssueReporters.$current.withValue(reporters, operation: operation)
}

/// Runs `operation` with `reporters` receiving every issue reported in it (and in the tasks it
/// starts with `Task {}`, `async let` or task groups).
public func withIssueReporters<R>(
  _ reporters: [any IssueReporter],
  isolation: isolated (any Actor)? = #isolation,
  operation: () async throws -> R
) async rethrows -> R {
  try await IssueReporters.$current.withValue(reporters, operation: operation)
}
