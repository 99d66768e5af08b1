import Foundation
import HarnessIssues
import HarnessTesting
import XCTest

/// IssueReporting's `XCTestTests` and its Examples' `XCTestTests_Debug`. The originals' checks
/// use `XCTExpectFailure` (Darwin only); here the failure is asserted with `withExpectedIssue …
/// matching:`, and what reaches XCTest is seen through `recordFailure`.
final class IssueReportingXCTestTests: XCTestCase {
  /// Failures XCTest was asked to record while `capturing` runs (not recorded).
  private var captured: [String]?

  override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
    if captured != nil {
      captured?.append(description)
      return
    }
    super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
  }

  private func capturing(_ body: () -> Void) -> [String] {
    captured = []
    body()
    defer { captured = nil }
    return captured ?? []
  }

  func testReportIssue_NoMessage() {
    withExpectedIssue {
      reportIssue()
    } matching: { $0.message.isEmpty }

    let failures = capturing { reportIssue() }
    XCTAssertEqual(failures.count, 1)
  }

  func testReportIssue_CustomMessage() {
    withExpectedIssue {
      reportIssue("Something went wrong")
    } matching: { $0.message == "Something went wrong" }

    let failures = capturing { reportIssue("Something went wrong") }
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(failures.first?.hasSuffix("Something went wrong") == true)
  }

  func testWithExpectedIssue_reportIssue() {
    withExpectedIssue {
      reportIssue()
    }
  }

  func testWithExpectedIssue_Throwing() {
    withExpectedIssue { throw IRFailure() }
  }

  func testWithExpectedIssue_IsIntermittent() {
    withExpectedIssue(isIntermittent: true) {}
  }
}

/// `testWithExpectedIssue_XCTFail`: Harness expects an `XCTFail` only in a `DependencyTestCase`
/// on corelibs XCTest (its documented way); the plain `XCTestCase` form is in
/// PlainXCTestFixture.swift.
final class IssueReportingXCTestTests_DependencyTestCase: DependencyTestCase {
  func testWithExpectedIssue_XCTFail() {
    withExpectedIssue {
      XCTFail()
    }
  }
}
