import Foundation
import HarnessDependencies
import HarnessIssues
import HarnessTesting
import XCTest

// The XCTest counterpart of `.dependencyUsage`: `DependencyTestCase.dependencyUsage`.

final class DependencyUsageTestCaseTests: DependencyTestCase {
  private let reports = Locked<[DependencyUsageReport]>([])

  override var dependencyUsage: DependencyUsageMode? { .strict }

  override func setUpDependencies(_ dependencies: inout DependencyValues) {
    dependencies.greeting = "class"
    dependencies.number = 9
  }

  override func dependencyUsageReported(_ report: DependencyUsageReport) {
    reports.withLock { $0.append(report) }
  }

  override func invokeTest() {
    // Every test here leaves `number` unread: strict mode fails it, after the test.
    withExpectedIssue {
      super.invokeTest()
    } matching: { issue in
      issue.message.contains("The override of \\.number was never read by")
    }
    let report = reports.withLock { $0.last }
    XCTAssertEqual(report?.test, name)
    XCTAssertEqual(report?.read, ["\\.greeting"])
    XCTAssertEqual(report?.unusedOverrides.map(\.name), ["\\.number"])
  }

  func testReportsTheClassOverridesItNeverRead() {
    XCTAssertEqual(DependencyValues.current.greeting, "class")
  }

  func testTracksReadsThroughAProperty() {
    @Dependency(\.greeting) var greeting
    XCTAssertEqual(greeting, "class")
    XCTAssertEqual(greeting, "class")
    XCTAssertEqual(DependencyUsageReport.current?.read, ["\\.greeting"])
  }
}
