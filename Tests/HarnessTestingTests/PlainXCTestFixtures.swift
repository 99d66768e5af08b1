import HarnessIssues
import XCTest

// Deliberately failing: run only by `FailureSurfacingTests` in a child process.
final class PlainXCTestExpectedIssueFixtures: XCTestCase {
  override func setUpWithError() throws {
    try XCTSkipUnless(failingFixturesEnabled, "runs only as a child process of FailureSurfacingTests")
  }

  func testXCTFailInAPlainTestCase() {
    withExpectedIssue {
      XCTFail("plain fixture failure")
    } matching: { $0.message.contains("plain fixture failure") }
  }
}
