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
  reportingErrors(message, to: reporters, fileID, filePath, line, column, body)
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
  await reportingErrors(message, to: reporters, isolation: isolation, fileID, filePath, line, column, body)
}

/// Runs `body`, whose result is optional, and reports any error it throws as an issue: one
/// optional, `nil` when `body` threw or returned `nil` (not `R??`).
///
/// ```swift
/// let file = URL(fileURLWithPath: "/tmp/port.txt")
/// let port: Int? = withErrorReporting { try Int(String(contentsOf: file, encoding: .utf8)) }
/// ```
@discardableResult
public func withErrorReporting<R>(
  _ message: @autoclosure () -> String? = nil,
  to reporters: [any IssueReporter]? = nil,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  catching body: () throws -> R?
) -> R? {
  reportingErrors(message, to: reporters, fileID, filePath, line, column, body) ?? nil
}

/// Runs async `body`, whose result is optional, and reports any error it throws as an issue:
/// one optional. See the synchronous overload.
@discardableResult
public func withErrorReporting<R>(
  _ message: @autoclosure () -> String? = nil,
  to reporters: [any IssueReporter]? = nil,
  isolation: isolated (any Actor)? = #isolation,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  catching body: () async throws -> R?
) async -> R? {
  await reportingErrors(message, to: reporters, isolation: isolation, fileID, filePath, line, column, body) ?? nil
}

/// What the `withErrorReporting` overloads share: `body`'s result, or `nil` once its error is
/// reported (a `CancellationError` is not).
private func reportingErrors<R>(
  _ message: () -> String?,
  to reporters: [any IssueReporter]?,
  _ fileID: StaticString,
  _ filePath: StaticString,
  _ line: UInt,
  _ column: UInt,
  _ body: () throws -> R
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

/// The async `reportingErrors`, on the caller's actor.
private func reportingErrors<R>(
  _ message: () -> String?,
  to reporters: [any IssueReporter]?,
  isolation: isolated (any Actor)?,
  _ fileID: StaticString,
  _ filePath: StaticString,
  _ line: UInt,
  _ column: UInt,
  _ body: () async throws -> R
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
