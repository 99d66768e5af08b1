import CompatibilityFixtures
import ConcurrencyExtras
import HarnessClocks
import HarnessTesting
import XCTest

/// The same under XCTest, which runs its tests one at a time (before the Swift Testing ones), so
/// the process-wide checks need no process of their own.
final class ProcessWideEffectsXCTests: XCTestCase {
  func testWithMainSerialExecutorLeavesTheProcessAsItFoundIt() async throws {
    XCTAssertFalse(uncheckedUseMainSerialExecutor, "Harness left the global enqueue hook empty")
    let outside = await aTaskOfNoTestRunsOnTheMainQueue()
    XCTAssertFalse(outside)
    try await withMainSerialExecutor {
      XCTAssertTrue(uncheckedUseMainSerialExecutor)
      let inside = await aTaskOfNoTestRunsOnTheMainQueue()
      XCTAssertTrue(inside, "their hook works in its scope")
      let woken = try await wakeThreeSleepers(on: TestClock())
      XCTAssertEqual(woken, [[1], [1, 2, 3]])
    }
    XCTAssertFalse(uncheckedUseMainSerialExecutor, "their restore empties the slot again")
    let after = await aTaskOfNoTestRunsOnTheMainQueue()
    XCTAssertFalse(after, "tasks of no test are back on the pool")
  }

  func testATCAStyleStoreLeavesTheProcessAsItFoundIt() async throws {
    do {
      let store = TCAStyleTestStore()
      let woken = try await wakeThreeSleepers(on: TestClock())
      XCTAssertEqual(woken, [[1], [1, 2, 3]])
      withExtendedLifetime(store) {}
    }
    XCTAssertFalse(uncheckedUseMainSerialExecutor)
    let after = await aTaskOfNoTestRunsOnTheMainQueue()
    XCTAssertFalse(after)
  }
}

/// A `DependencyTestCase` whose clock is a stored property, inside `withMainSerialExecutor`: its
/// settles still wait for its work, and the process is left as found.
final class ProcessWideEffectsDependencyTestCaseTests: DependencyTestCase, @unchecked Sendable {
  let clock = TestClock()

  @MainActor
  func testAStoredClockInsideWithMainSerialExecutor() async throws {
    try await withMainSerialExecutor {
      let woken = try await wakeThreeSleepers(on: clock)
      XCTAssertEqual(woken, [[1], [1, 2, 3]])
    }
    XCTAssertFalse(uncheckedUseMainSerialExecutor)
  }
}
