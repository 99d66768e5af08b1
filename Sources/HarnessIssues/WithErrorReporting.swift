/// Runs `body` and reports any error it throws as an issue instead of propagating it.
///
/// Returns the result, or `nil` when `body` threw. A `CancellationError` is not an issue: it is
/// swallowed silently, since cancellation is how structured concurrency stops work.
///
/// ```swift
/// let url = URL(fileURLWithPath: "/tmp/settings.json")
/// let data = withErrorReporting { try Data(contentsOf: url) }
/// ```
@discardableResult
public func withErrorReporting<R>(
  _ message: @autoclosure () -> String? = nil,
  to reporters: [any IssueReporter]? = nil,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  catching body: () throws -> R
) -> R? {
  do {
    return try body()
  } catch is CancellationError {
    return nil
  } catch {
    reportCaught(error, message(), to: reporters, fileID, filePath, line, column)
    return nil
  }
}

/// Runs async `body` and reports any error it throws as an issue. See the synchronous overload.
@discardableResult
public func withErrorReporting<R>(
  _ message: @autoclosure () -> String? = nil,
  to reporters: [any IssueReporter]? = nil,
  isolation: isolated (any Actor)? = #isolation,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  catching body: () async throws -> R
) async -> R? {
  do {
    return try await body()
  } catch is CancellationError {
    return nil
  } catch {
    reportCaught(error, message(), to: reporters, fileID, filePath, line, column)
    return nil
  }
}

private func reportCaught(
  _ error: any Error,
  _ message: String?,
  to reporters: [any IssueReporter]?,
  _ fileID: StaticString,
  _ filePath: StaticString,
  _ line: UInt,
  _ column: UInt
) {
  guard let reporters else {
    reportIssue(error, message, fileID: fileID, filePath: filePath, line: line, column: column)
    return
  }
  withIssueReporters(reporters) {
    reportIssue(error, message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
