import HarnessTesting
import XCTest

/// A `DependencyTestCase` test's world begins when the test begins, not at its first clock or
/// store call: a task the test starts on its first line is followed from its first job.
final class DependencyTestCaseWorldTests: DependencyTestCase {
  func testAnAdvanceWaitsForATaskStartedBeforeAnyHarnessCall() async {
    let woke = await aTaskStartedBeforeAnyHarnessCallWakesOnTheAdvance()
    XCTAssertTrue(woke)
  }
}
