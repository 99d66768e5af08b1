import Foundation
import HarnessIssues
import HarnessTesting
import XCTest

// XCTestDynamicOverlay's `UnimplementedTests` with its `TestHelpers`: main-actor globals made
// with `unimplemented(name, placeholder:)` for arities 0 to 5, called under XCTest.

struct IRUser { let id: UUID }

let helpersLine = #line + 1
@MainActor let f00: () -> Int = unimplemented("f00", placeholder: 42)
@MainActor let f01: (String) -> Int = unimplemented("f01", placeholder: 42)
@MainActor let f02: (String, Int) -> Int = unimplemented("f02", placeholder: 42)
@MainActor let f03: (String, Int, Double) -> Int = unimplemented("f03", placeholder: 42)
@MainActor let f04: (String, Int, Double, [Int]) -> Int = unimplemented("f04", placeholder: 42)
@MainActor let f05: (String, Int, Double, [Int], IRUser) -> Int = unimplemented("f05", placeholder: 42)
// For testXCTReferencingUnimplementedClosureDoesNotEvaluateIt (the original's had no placeholder,
// an XCTestDynamicOverlay form that neither IssueReporting nor Harness keeps).
@MainActor let fm00: () -> Int = unimplemented("fm00", placeholder: 0)
@MainActor let fm01: @MainActor () -> Int = unimplemented("fm01", placeholder: 0)

final class IssueReportingUnimplementedXCTests: XCTestCase {
  /// Harness's report for `name`, defined at `helpersLine + offset`, invoked with `arguments`.
  static func isReport(_ issue: ReportedIssue, _ name: String, _ offset: Int, _ arguments: String) -> Bool {
    issue.message.hasPrefix("Unimplemented: '\(name)'\n")
      && issue.message.contains("Defined at:\n    HarnessTestingTests/IssueReportingXCTestDynamicOverlayUnimplementedTests.swift:\(helpersLine + offset)")
      && issue.message.contains("Invoked with:\n    \(arguments)\n")
  }

  // async: corelibs XCTest cannot run a synchronous @MainActor test method (it crashes casting it).
  @MainActor func testXCTReferencingUnimplementedClosureDoesNotEvaluateIt() async {
    let collector = IssueCollector()
    withIssueReporters([collector]) {
      _ = fm00
      _ = fm01
    }
    XCTAssertEqual(collector.issues.count, 0)
  }

  @MainActor func testXCTFailShouldFail() async {
    let seen = LockIsolated<[String]>([])
    func expect(_ name: String, _ offset: Int, _ arguments: String, _ call: () -> Int) {
      withExpectedIssue {
        XCTAssertEqual(call(), 42)
      } matching: { issue in
        seen.withValue { $0.append(issue.message) }
        return Self.isReport(issue, name, offset, arguments)
      }
    }
    expect("f00", 0, "()") { f00() }
    expect("f01", 1, #""""#) { f01("") }
    expect("f02", 2, #""", 42"#) { f02("", 42) }
    expect("f03", 3, #""", 42, 1.2"#) { f03("", 42, 1.2) }
    expect("f04", 4, #""", 42, 1.2, [1, 2]"#) { f04("", 42, 1.2, [1, 2]) }
    expect("f05", 5, #""", 42, 1.2, [1, 2], IRUser(id: DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF)"#) {
      f05("", 42, 1.2, [1, 2], IRUser(id: UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!))
    }
  }
}
