import HarnessIssues
import HarnessTesting
import XCTest

/// In a `DependencyTestCase`, `withExpectedIssue` also covers failures recorded with XCTest
/// itself in its body.
final class ExpectedIssueXCTFailTests: DependencyTestCase {
  func testAbsorbsXCTFail() {
    withExpectedIssue {
      XCTFail("recorded directly: 42")
    } matching: { $0.message.contains("recorded directly: 42") }
  }

  func testAbsorbsAFailedAssertion() {
    withExpectedIssue {
      XCTAssertEqual(1 + 1, 3, "arithmetic")
    } matching: { $0.message.contains("arithmetic") }
  }

  func testAsyncBodyAbsorbsXCTFailFromAChildTask() async {
    await withExpectedIssue {
      await Task { XCTFail("from a child task") }.value
    } matching: { $0.message.contains("from a child task") }
  }

  /// A rejected `XCTFail` is not expected by the inner scope; the inner scope's failure lists it
  /// and says why. (The outer scope takes both, so this test passes.)
  func testNonMatchingXCTFailsAreListed() {
    let seen = LockIsolated<[String]>([])
    let line = #line + 3
    withExpectedIssue {
      withExpectedIssue {
        XCTFail("first unrelated")
        XCTFail("second unrelated")
      } matching: { $0.message.contains("wanted") }
    } matching: { issue in
      seen.withValue { $0.append(issue.message) }
      return true
    }
    let messages = seen.value
    XCTAssertEqual(messages.count, 3)
    XCTAssertTrue(messages[0].contains("first unrelated"))
    XCTAssertTrue(messages[1].contains("second unrelated"))
    let failure = messages.last ?? ""
    XCTAssertTrue(
      failure.hasPrefix("Expected an issue that `matching` accepts, but the 2 issues the body reported did not match"),
      failure
    )
    XCTAssertTrue(failure.contains("  • ExpectedIssueXCTFailTests.swift:\(line): failed - first unrelated\n"), failure)
    XCTAssertTrue(failure.contains("  • ExpectedIssueXCTFailTests.swift:\(line + 1): failed - second unrelated\n"), failure)
    XCTAssertFalse(failure.contains("none was"), failure)
  }

  /// Harness's own issues still go through the scope once, not twice.
  func testReportedIssueIsMatchedOnce() {
    let matched = LockIsolated(0)
    withExpectedIssue {
      reportIssue("through Harness")
    } matching: { issue in
      matched.withValue { $0 += 1 }
      return issue.message == "through Harness"
    }
    XCTAssertEqual(matched.value, 1)
  }
}
