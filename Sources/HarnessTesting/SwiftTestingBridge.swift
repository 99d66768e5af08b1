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

  static func record(_ issue: ReportedIssue) {
    let location = SourceLocation(
      fileID: issue.location.fileID,
      filePath: issue.location.filePath,
      line: Int(issue.location.line),
      column: Int(issue.location.column)
    )
    Issue.record(
      Comment(rawValue: issue.message),
      severity: issue.severity == .error ? .error : .warning,
      sourceLocation: location
    )
  }
}
