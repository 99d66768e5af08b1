/// Reports that something is wrong.
///
/// Library code calls this instead of crashing or failing silently:
/// - inside a test (Swift Testing or XCTest, with `HarnessTesting` linked into the test target),
///   an `.error` fails the test that is running, at the given source location;
/// - in a running app it prints `Module/File.swift:12: message` to standard error, once per call
///   site, and the program goes on.
///
/// Inside ``withExpectedIssue(_:isIntermittent:fileID:filePath:line:column:_:matching:)`` a
/// matching issue is expected instead, and fails nothing. ``withIssueReporters(_:operation:)``
/// swaps what happens for a scope.
///
/// - Parameters:
///   - message: What went wrong and, ideally, how to fix it.
///   - severity: `.error` (the default) fails a test; `.warning` does not.
public func reportIssue(
  _ message: @autoclosure () -> String = "",
  severity: IssueSeverity = .error,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let location = SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  report(ReportedIssue(message: message(), severity: severity, location: location))
}

/// Reports an error as an issue. See ``reportIssue(_:severity:fileID:filePath:line:column:)``.
///
/// - Parameters:
///   - error: The error that should not have happened.
///   - message: Optional context, printed before the error.
public func reportIssue(
  _ error: any Error,
  _ message: @autoclosure () -> String? = nil,
  severity: IssueSeverity = .error,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let location = SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  report(ReportedIssue(caught: error, message: message(), severity: severity, location: location))
}

/// Reports an already built issue: expected-issue scopes first, then the task's reporters.
public func reportIssue(_ issue: ReportedIssue) {
  report(issue)
}

func report(_ issue: ReportedIssue) {
  if ExpectedIssueScope.current?.consume(issue) == true { return }
  for reporter in IssueReporters.current {
    reporter.reportIssue(issue)
  }
}
