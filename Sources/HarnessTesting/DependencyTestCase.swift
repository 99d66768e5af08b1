import HarnessClocks
@_spi(DependencyUsage) import HarnessDependencies
import HarnessIssues
import XCTest

/// An `XCTestCase` that runs each test in a dependency scope of its own: what the Swift Testing
/// dependency traits do, for XCTest.
///
/// ```swift
/// import Harness
/// import HarnessTesting
/// import XCTest
///
/// final class TodosTests: DependencyTestCase {
///   override func setUpDependencies(_ dependencies: inout DependencyValues) {
///     dependencies.uuid = .incrementing
///   }
///
///   override func setUp() {
///     super.setUp()
///     prepareDependencies { $0.continuousClock = ImmediateClock() }   // this test only
///   }
///
///   func testIDs() {
///     @Dependency(\.uuid) var uuid
///     XCTAssertEqual(uuid(), UUID(0))
///   }
/// }
/// ```
///
/// Each test also has its own followed work from its first line (see `TestClock`): a task it
/// starts before it makes a clock is followed like one started after.
///
/// Default values are built afresh for each test, `setUpDependencies` runs before each test's
/// `setUp`, and `prepareDependencies` in `setUp` affects only that test. (Plain `XCTestCase`s
/// get per-test default values too, keyed by the test's name; this class also ends them with the
/// test and lets a class override dependencies for all its tests.)
///
/// Inside `withExpectedIssue`, failures recorded with XCTest directly (`XCTFail`, a failed
/// `XCTAssert…`) count as expected issues too when `matching` accepts them; corelibs XCTest
/// gives a plain `XCTestCase` no such hook.
open class DependencyTestCase: XCTestCase {
  /// Overrides dependencies for every test of this class. Called before each test's `setUp`.
  open func setUpDependencies(_ dependencies: inout DependencyValues) {}

  /// Tracks each test's dependency usage when not `nil`: the XCTest counterpart of the
  /// `.dependencyUsage` trait. Override it with `.report` to print, after each test, the
  /// dependencies read, the overrides never read and the live values reached; `.strict` also
  /// fails the test for each override never read.
  open var dependencyUsage: DependencyUsageMode? { nil }

  /// How long Harness waits before it reports a test's deadlock or a job blocking its work (10
  /// seconds each by default): override it for tests that wait on slow work outside them.
  open var patience: TestPatience { .default }

  /// Receives the usage report of each test when ``dependencyUsage`` is set; prints it.
  open func dependencyUsageReported(_ report: DependencyUsageReport) {
    DependencyUsageTracking.printReport(report)
  }

  open override func invokeTest() {
    // The test's world begins before `setUp` and ends after `tearDown`: every task the test
    // creates (XCTest's for an async test method among them) is its own from its first job, so
    // a task started before the first clock or store call is followed too.
    defer { TestWork.testEnded(name) }
    TestWork.runningXCTest(name, testCase: self, patience: patience) {
      guard let mode = dependencyUsage else {
        return withFreshDependencies { setUpDependencies(&$0) } operation: {
          TestEnd.signalling { super.invokeTest() }
        }
      }
      // An override with no known site (`setUpDependencies`) is reported at the class.
      let site = SourceCodeLocation(fileID: "\(type(of: self))", filePath: "", line: 0, column: 0)
      DependencyUsageTracking.run(
        mode, label: name, output: dependencyUsageReported, site: site, { setUpDependencies(&$0) }
      ) {
        TestEnd.signalling { super.invokeTest() }
      }
    }
  }

  /// Records a failure unless an enclosing `withExpectedIssue` expects it.
  open override func recordFailure(
    withDescription description: String,
    inFile filePath: String,
    atLine lineNumber: Int,
    expected: Bool
  ) {
    if !XCTestTracker.isRecordingReportedIssue {
      // In Swift 6 mode `#file` (XCTFail's default) is `Module/File.swift`.
      let fileID = filePath.hasPrefix("/") ? String(filePath.split(separator: "/").last ?? "") : filePath
      let location = SourceCodeLocation(fileID: fileID, filePath: filePath, line: UInt(max(lineNumber, 0)), column: 0)
      if isExpectedRecordedDirectly(ReportedIssue(message: description, location: location)) { return }
    }
    super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
  }
}
