import HarnessIssues
import XCTest

/// The XCTest side of the bridge: issues land on the running XCTest test case.
final class XCTestBridgeTests: XCTestCase {
  func testContextNamesTheRunningTest() {
    XCTAssertEqual(TestContext.current, .xcTest(id: "XCTestBridgeTests.testContextNamesTheRunningTest"))
    XCTAssertTrue(isTesting)
  }

  func testExpectedIssueIsNotAFailure() {
    withExpectedIssue {
      reportIssue("expected under XCTest")
    } matching: { $0.message == "expected under XCTest" }
  }

  func testExpectedIssueCoversAsyncChildTasks() async {
    await withExpectedIssue {
      await Task { reportIssue("from a Task under XCTest") }.value
    } matching: { $0.message == "from a Task under XCTest" }
  }

  func testMissingIssueIsReported() {
    withExpectedIssue {
      withExpectedIssue {}
    } matching: { $0.message.hasPrefix("Expected an issue to be reported, but none was.") }
  }
}
