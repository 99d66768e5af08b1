import HarnessIssues
import Testing

/// Records issues with Swift Testing through its public API.
enum SwiftTestingBridge {
  /// Whether this process is the Swift Testing pass of `swift test` (SwiftPM runs the test
  /// binary once for XCTest and once with `--testing-library swift-testing`).
  static let isSwiftTestingPass: Bool = {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: "--testing-library") else { return false }
    return arguments.index(after: index) < arguments.endIndex
      && arguments[arguments.index(after: index)] == "swift-testing"
  }()

  /// The running test's id; for parameterized tests also the argument case, so each case is a
  /// test of its own.
  static func currentTestID() -> String? {
    guard let test = Test.current else { return nil }
    var id = "\(test.id)"
    if let testCase = Test.Case.current, testCase.isParameterized {
      // `Test.Case` has no public identifier; its reflection holds the encoded arguments.
      id += " " + String(reflecting: testCase)
    }
    return id
  }

  /// Records `issue` on the current test: a caught error as Swift Testing's own caught error,
  /// another error as a failed expectation whose headline is the message's first line.
  static func record(_ issue: ReportedIssue) {
    // An issue with no place in the test's code (one the engine found at the end of a test, say)
    // is shown at the test itself.
    let location =
      issue.location.line == 0 || issue.location.fileID.isEmpty
      ? Test.current?.sourceLocation ?? #_sourceLocation
      : SourceLocation(
        fileID: issue.location.fileID,
        filePath: issue.location.filePath,
        line: Int(issue.location.line),
        column: max(1, Int(issue.location.column))
      )
    $isRecordingReportedIssue.withValue(true) {
      guard issue.severity == .error else {
        Issue.record(Comment(rawValue: issue.shownMessage), severity: .warning, sourceLocation: location)
        return
      }
      if let error = issue.error {
        // Kept as the error it is, so that `withKnownIssue` matchers and `Issue.error` see it;
        // Swift Testing prints "Caught error: …" itself, the rest of the message below.
        let comment = context(of: issue.message, error: error).map(Comment.init(rawValue:))
        Issue.record(error, comment, sourceLocation: location)
        return
      }
      // `Issue.record` would print the headline "Issue recorded" and the message below it. A
      // failed expectation's headline is its description, so the message's first line goes
      // there and the rest below, as the comment.
      let (headline, details) = split(issue.shownMessage)
      _ = __checkValue(
        false,
        expression: .__fromSyntaxNode(headline),
        mismatchedErrorDescription: headline,
        comments: details.isEmpty ? [] : [Comment(rawValue: details)],
        isRequired: false,
        sourceLocation: location
      )
    }
  }

  /// Whether the issue being recorded is one Harness reported (already past its expected-issue
  /// scopes), not one recorded with Swift Testing directly.
  @TaskLocal static var isRecordingReportedIssue = false

  /// `message` without the `Caught error: …` line that ``ReportedIssue/init(caught:message:severity:location:)``
  /// ends it with, or `nil` when nothing else is left.
  static func context(of message: String, error: any Error) -> String? {
    let caught = ReportedIssue.caughtLine(error)
    if message == caught || message.isEmpty { return nil }
    guard message.hasSuffix("\n\n" + caught) else { return message }
    return String(message.dropLast(caught.count + 2))
  }

  /// The first line of `message`, and the rest without the blank lines that begin it.
  static func split(_ message: String) -> (headline: String, details: String) {
    guard let newline = message.firstIndex(of: "\n") else { return (message, "") }
    let rest = message[message.index(after: newline)...].drop { $0 == "\n" }
    return (String(message[..<newline]), String(rest))
  }

  /// Runs `body` inside `withKnownIssue` (under Swift Testing), so that issues recorded with
  /// Swift Testing directly that `matches` accepts are known; returns how many were. Errors the
  /// body throws leave as they came: the caller reports them.
  static func expectingFailures(
    _ matches: @escaping @Sendable (ReportedIssue) -> Bool,
    _ body: () throws -> Void
  ) throws -> Int {
    guard Test.current != nil else {
      try body()
      return 0
    }
    let absorbed = Locked(0)
    var thrown: (any Error)?
    // Intermittent: when nothing is absorbed, the caller's own check says so.
    withKnownIssue(isIntermittent: true) {
      do { try body() } catch { thrown = error }
    } matching: { issue in knownIssue(issue, matches, absorbed) }
    if let thrown { throw thrown }
    return absorbed.withLock { $0 }
  }

  /// The same for an async body.
  static func expectingFailures(
    _ matches: @escaping @Sendable (ReportedIssue) -> Bool,
    _ body: () async throws -> Void
  ) async throws -> Int {
    guard Test.current != nil else {
      try await body()
      return 0
    }
    let absorbed = Locked(0)
    var thrown: (any Error)?
    await withKnownIssue(isIntermittent: true) {
      do { try await body() } catch { thrown = error }
    } matching: { issue in knownIssue(issue, matches, absorbed) }
    if let thrown { throw thrown }
    return absorbed.withLock { $0 }
  }

  /// Whether `matches` accepts `issue`, seen as a ``ReportedIssue``; counts it in `absorbed`.
  private static func knownIssue(
    _ issue: Issue,
    _ matches: @Sendable (ReportedIssue) -> Bool,
    _ absorbed: Locked<Int>
  ) -> Bool {
    // Harness's own issues were offered to the expected-issue scopes before they came here.
    if isRecordingReportedIssue { return false }
    let location = issue.sourceLocation.map {
      SourceCodeLocation(fileID: $0.fileID, filePath: $0.filePath, line: UInt($0.line), column: UInt($0.column))
    }
    // `Issue.record("…")`: the comment is the message; otherwise what failed, then comments.
    var lines = issue.comments.map(\.rawValue)
    if case .unconditional = issue.kind, !lines.isEmpty {} else { lines.insert("\(issue.kind)", at: 0) }
    let text = lines.joined(separator: "\n")
    let reported = ReportedIssue(
      message: text,
      location: location ?? SourceCodeLocation(fileID: "", filePath: "", line: 0, column: 0)
    )
    guard matches(reported) else { return false }
    absorbed.withLock { $0 += 1 }
    return true
  }
}
