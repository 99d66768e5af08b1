import HarnessClocks
import HarnessDependencies
import HarnessIssues
import XCTest

/// Knows which XCTest test case is running (XCTest runs one at a time) and records failures
/// on it from any thread, including detached tasks.
final class XCTestTracker: NSObject, XCTestObservation, @unchecked Sendable {
  // @unchecked: the only state is behind the mutex.
  private static let running = Locked<RunningTestCase?>(nil)
  private static let shared = XCTestTracker()

  static func start() {
    XCTestObservationCenter.shared.addTestObserver(shared)
  }

  static func currentTestID() -> String? {
    running.withLock { $0?.testCase.name }
  }

  static func record(_ issue: ReportedIssue) {
    let testCase = running.withLock { $0?.testCase }
    guard let testCase else {
      // Corelibs XCTest drops failures recorded while no test runs; at least print them.
      print("\(issue.location): error: \(issue.shownMessage)\n(reported while no XCTest test was running)")
      return
    }
    guard issue.severity == .error else {
      print("\(issue.location): warning: \(issue.shownMessage)")
      return
    }
    // Already past the expected-issue scopes: `DependencyTestCase.recordFailure` lets it through.
    $isRecordingReportedIssue.withValue(true) {
      testCase.recordFailure(
        withDescription: issue.shownMessage,
        inFile: issue.location.filePath,
        atLine: Int(issue.location.line),
        expected: true
      )
    }
  }

  /// Whether the failure being recorded is an issue Harness reported (not an `XCTFail`).
  @TaskLocal static var isRecordingReportedIssue = false

  func testCaseWillStart(_ testCase: XCTestCase) {
    let running = RunningTestCase(testCase: testCase)
    Self.running.withLock { $0 = running }
    // Its world begins now, so that the test's tasks are followed from their first job, and a
    // clock kept in a stored property (made before any test ran) joins it.
    TestWork.testBegan(testCase.name, testCase: testCase)
  }

  /// An `XCTFail` in a plain `XCTestCase` inside `withExpectedIssue`: too late to expect it (a
  /// `DependencyTestCase` asks first), but the scope's failure can say why and what to do.
  func testCase(_ testCase: XCTestCase, didFailWithDescription description: String, inFile filePath: String?, atLine lineNumber: Int) {
    guard !Self.isRecordingReportedIssue, !(testCase is DependencyTestCase) else { return }
    let path = filePath ?? ""
    let fileID = path.hasPrefix("/") ? String(path.split(separator: "/").last ?? "") : path
    let location = SourceCodeLocation(fileID: fileID, filePath: path, line: UInt(max(lineNumber, 0)), column: 0)
    noteUnexpectable(
      ReportedIssue(message: description, location: location),
      fix: """
        XCTest failures (XCTFail, XCTAssert…) count as expected issues only in a DependencyTestCase: \
        make \(type(of: testCase)) inherit from DependencyTestCase instead of XCTestCase.
        """
    )
  }

  func testCaseDidFinish(_ testCase: XCTestCase) {
    Self.running.withLock { running in
      if running?.testCase === testCase { running = nil }
    }
    // The test's cached default values go with it, and its clocks stop following its work.
    testEnded(.xcTest(id: testCase.name))
    TestWork.testEnded(testCase.name)
  }
}

/// The running test case, handed between threads. XCTest itself allows `recordFailure` from any
/// thread, which is all that is done with it.
private struct RunningTestCase: @unchecked Sendable {
  let testCase: XCTestCase
}
