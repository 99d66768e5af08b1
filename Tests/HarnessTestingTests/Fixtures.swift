import Foundation
import HarnessIssues
import Testing
import XCTest

// Deliberately failing tests. They run only in a child process started by
// `FailureSurfacingTests` (which sets HARNESS_FAILING_FIXTURES=1) and check that issues really
// fail tests; in a normal run they are skipped.
// Their line numbers (the `// line N` comments) are asserted: edit with care.

let failingFixturesEnabled = ProcessInfo.processInfo.environment["HARNESS_FAILING_FIXTURES"] == "1"

@Suite(.enabled(if: failingFixturesEnabled, "runs only as a child process of FailureSurfacingTests"))
struct FailingFixtures {
  @Test func reportsFromTheTest() {
    reportIssue("fixture: from the test")  // line 16
  }

  @Test func reportsFromTask() async {
    await Task { reportIssue("fixture: from Task") }.value  // line 20
  }

  @Test func reportsFromDetachedTask() async {
    await Task.detached { reportIssue("fixture: from Task.detached") }.value  // line 24
  }

  @Test func reportsFromTaskGroup() async {
    await withTaskGroup(of: Void.self) { group in
      group.addTask { reportIssue("fixture: from a task group") }  // line 29
    }
  }

  @Test func expectsAnIssueThatNeverComes() {
    withExpectedIssue {}  // line 34
  }

  @Test func reportsAWarningOnly() {
    reportIssue("fixture: only a warning", severity: .warning)  // line 38
  }

  @Test func passes() {
    #expect(Bool(true))
  }
}

final class FailingXCTestFixtures: XCTestCase {
  override func setUpWithError() throws {
    try XCTSkipUnless(failingFixturesEnabled, "runs only as a child process of FailureSurfacingTests")
  }

  func testReportsFromTheTest() {
    reportIssue("fixture: xctest from the test")  // line 52
  }

  func testReportsFromDetachedTask() async {
    await Task.detached { reportIssue("fixture: xctest from Task.detached") }.value  // line 56
  }

  func testExpectsAnIssueThatNeverComes() {
    withExpectedIssue {}  // line 60
  }

  func testPasses() {
    XCTAssertTrue(true)
  }
}
