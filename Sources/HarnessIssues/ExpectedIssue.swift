import Synchronization

/// Runs `body`, expecting it to report an issue: issues it reports (through `reportIssue`, a
/// thrown error, or library code such as `unimplemented` endpoints) that `matching` accepts are
/// expected and fail nothing. If none is reported, that is itself an issue, reported here; it
/// lists the issues the body did report that `matching` rejected.
///
/// Failures recorded with the test framework directly count too: `Issue.record` and `#expect`
/// under Swift Testing, `XCTFail` and `XCTAssert…` in a `DependencyTestCase` under XCTest.
///
/// Works the same under Swift Testing and XCTest, on Linux too, and covers the tasks `body`
/// starts with `Task {}`, `async let` and task groups. (A `Task.detached` inherits nothing from
/// its creator, so its issues are not covered.)
///
/// ```swift
/// struct Client: Sendable { var fetch: @Sendable () throws -> Int }
/// let client = Client(fetch: unimplemented("Client.fetch"))
///
/// withExpectedIssue {
///   _ = try client.fetch()   // an unimplemented endpoint: reports, then throws
/// } matching: { issue in
///   issue.message.contains("Unimplemented: 'Client.fetch'")
/// }
/// ```
///
/// - Parameters:
///   - message: Why the issue is expected; shown if no issue comes.
///   - isIntermittent: Pass `true` when the issue happens only sometimes; then no issue is fine.
///   - body: The code expected to report an issue.
///   - matching: Which issues count as expected. Issues it rejects are reported as usual.
public func withExpectedIssue(
  _ message: String? = nil,
  isIntermittent: Bool = false,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  _ body: () throws -> Void,
  matching: @escaping @Sendable (ReportedIssue) -> Bool = { _ in true }
) {
  let location = SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  let scope = ExpectedIssueScope(matcher: matching, parent: ExpectedIssueScope.current)
  ExpectedIssueScope.$current.withValue(scope) {
    do {
      if let expectingFailures = TestFrameworkBridge.installed?.expectingFailures {
        // Failures recorded with the framework itself (Issue.record, #expect) count too.
        _ = try expectingFailures({ scope.consumeRecordedDirectly($0) }, body)
      } else {
        try body()
      }
    } catch {
      report(thrown: error, at: location)
    }
  }
  scope.finish(message: message, isIntermittent: isIntermittent, location: location)
}

/// Runs async `body`, expecting it to report an issue. See the synchronous overload.
public func withExpectedIssue(
  _ message: String? = nil,
  isIntermittent: Bool = false,
  isolation: isolated (any Actor)? = #isolation,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  _ body: () async throws -> Void,
  matching: @escaping @Sendable (ReportedIssue) -> Bool = { _ in true }
) async {
  let location = SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  let scope = ExpectedIssueScope(matcher: matching, parent: ExpectedIssueScope.current)
  await ExpectedIssueScope.$current.withValue(scope) {
    do {
      if let expectingFailures = TestFrameworkBridge.installed?.expectingFailuresAsync {
        // Failures recorded with the framework itself (Issue.record, #expect) count too.
        _ = try await expectingFailures({ scope.consumeRecordedDirectly($0) }, body)
      } else {
        try await body()
      }
    } catch {
      report(thrown: error, at: location)
    }
  }
  scope.finish(message: message, isIntermittent: isIntermittent, location: location)
}

/// Whether an enclosing `withExpectedIssue` expects `issue`, a failure a test framework recorded
/// directly rather than through Harness (an `XCTFail` in a `DependencyTestCase`), or an
/// ``IssueCapture`` keeps it. Rejected issues are remembered, to be listed when nothing matched.
package func isExpectedRecordedDirectly(_ issue: ReportedIssue) -> Bool {
  if ExpectedIssueScope.current?.consume(issue) == true { return true }
  // Not expected: an enclosing capture (an explored iteration) keeps it.
  guard let capture = IssueCapture.current else { return false }
  capture.reportIssue(issue)
  return true
}

/// Tells the innermost `withExpectedIssue` that the test framework recorded `issue` in its body
/// where no hook let Harness expect it (an `XCTFail` in a plain `XCTestCase`); when nothing
/// matched, its failure lists the issue and says how to make it expectable: `fix`.
package func noteUnexpectable(_ issue: ReportedIssue, fix: String) {
  ExpectedIssueScope.current?.noteUnexpectable(issue, fix: fix)
}

/// A thrown error leaving an expected-issue body is an issue like any other.
private func report(thrown error: any Error, at location: SourceCodeLocation) {
  report(ReportedIssue(caught: error, location: location))
}

/// One active `withExpectedIssue`; scopes nest through `parent`.
final class ExpectedIssueScope: Sendable {
  @TaskLocal static var current: ExpectedIssueScope?

  private let matcher: @Sendable (ReportedIssue) -> Bool
  private let parent: ExpectedIssueScope?
  private let matched = Atomic<Int>(0)
  /// Issues the body reported that `matcher` rejected, to show when nothing matched.
  private let rejected = Locked<[ReportedIssue]>([])
  /// Failures the framework recorded where this scope could not expect them, and how to fix that.
  private let unexpectable = Locked<(issues: [ReportedIssue], fix: String)>(([], ""))

  init(matcher: @escaping @Sendable (ReportedIssue) -> Bool, parent: ExpectedIssueScope?) {
    self.matcher = matcher
    self.parent = parent
  }

  /// Whether this scope expects a failure the test framework recorded directly (its own
  /// matcher only: enclosing scopes get their own chance from the framework).
  func consumeRecordedDirectly(_ issue: ReportedIssue) -> Bool {
    if matcher(issue) {
      matched.add(1, ordering: .relaxed)
      return true
    }
    rejected.withLock { $0.append(issue) }
    return false
  }

  func noteUnexpectable(_ issue: ReportedIssue, fix: String) {
    unexpectable.withLock {
      $0.issues.append(issue)
      $0.fix = fix
    }
  }

  /// Whether this scope, or an enclosing one, expected the issue.
  func consume(_ issue: ReportedIssue) -> Bool {
    if matcher(issue) {
      matched.add(1, ordering: .relaxed)
      return true
    }
    rejected.withLock { $0.append(issue) }
    return parent?.consume(issue) ?? false
  }

  /// Up to five issues, one line each: `  • Module/File.swift:12: headline`.
  private static func list(_ issues: [ReportedIssue]) -> String {
    let shown = issues.prefix(5).map { issue in
      let headline = issue.message.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? ""
      return "  • \(issue.location.fileID):\(issue.location.line): \(headline)"
    }
    return shown.joined(separator: "\n") + (issues.count > 5 ? "\n  … and \(issues.count - 5) more" : "")
  }

  /// Reports "expected an issue" to the enclosing scopes and reporters when nothing matched.
  func finish(message: String?, isIntermittent: Bool, location: SourceCodeLocation) {
    guard !isIntermittent, matched.load(ordering: .relaxed) == 0 else { return }
    let rejected = rejected.withLock { $0 }
    let unexpectable = unexpectable.withLock { $0 }
    var text: String
    if rejected.isEmpty, unexpectable.issues.isEmpty {
      text = "Expected an issue to be reported, but none was."
    } else if rejected.isEmpty {
      // Said with or without `matching`: no issue reached it.
      text = "Expected an issue, but none was reported where withExpectedIssue can see it."
    } else {
      // Say what came and why it did not count, instead of "none".
      text = """
        Expected an issue that `matching` accepts, but the \(rejected.count == 1 ? "issue" : "\(rejected.count) issues") \
        the body reported did not match (each is reported on its own as well):
        \(Self.list(rejected))
        """
    }
    if !unexpectable.issues.isEmpty {
      text += """


        The test framework recorded \(unexpectable.issues.count == 1 ? "a failure" : "\(unexpectable.issues.count) failures") \
        in the body where withExpectedIssue cannot expect \(unexpectable.issues.count == 1 ? "it" : "them") \
        (each fails the test on its own):
        \(Self.list(unexpectable.issues))
        \(unexpectable.fix)
        """
    }
    if let message, !message.isEmpty { text += "\n\nExpected: \(message)" }
    text += """


      withExpectedIssue fails when its body reports no matching issue. If the issue only \
      happens sometimes, pass isIntermittent: true.
      """
    let issue = ReportedIssue(message: text, location: location)
    if parent?.consume(issue) == true { return }
    for reporter in IssueReporters.current { reporter.reportIssue(issue) }
  }
}
