import CompatibilityFixtures
import ConcurrencyExtras
import HarnessClocks
import HarnessIssues
import HarnessStore
import HarnessTesting
import XCTest

/// Harness beside swift-concurrency-extras' main serial executor, as in a test target that also
/// holds Composable Architecture tests: `withMainSerialExecutor` and
/// `uncheckedUseMainSerialExecutor` write the runtime's global enqueue hook and "restore" it by a
/// Bool. Harness never writes that slot (it sees the tasks of tests as the process's default
/// executor), so their restore leaves the process as it found it; while their hook holds the slot,
/// the jobs it sends to the main actor come back to the test's world. Its clocks and stores go on
/// working, and nothing hangs.
final class MainSerialExecutorTests: DependencyTestCase, @unchecked Sendable {
  func testATestClockAdvanceAfterATCAStyleStoreReturnsAndWakesItsSleeper() async throws {
    do { _ = TCAStyleTestStore() }
    let clock = TestClock()
    let ticked = HarnessIssues.LockIsolated(false)
    let task = Task {
      try await clock.sleep(for: .seconds(1))
      ticked.setValue(true)
    }
    await clock.advance(by: .seconds(1))
    XCTAssertTrue(ticked.value)
    try await task.value
  }

  func testATestClockInsideAStoreLifetimeStillFollowsTheTestsWork() async throws {
    let store = TCAStyleTestStore()
    let clock = TestClock()
    let ticks = HarnessIssues.LockIsolated(0)
    let task = Task {
      for _ in 1...3 {
        try await clock.sleep(for: .seconds(1))
        ticks.withValue { $0 += 1 }
      }
    }
    await clock.advance(by: .seconds(2))
    XCTAssertEqual(ticks.value, 2)
    withExtendedLifetime(store) {}
    await clock.advance(by: .seconds(1))
    XCTAssertEqual(ticks.value, 3)
    try await task.value
  }

  @MainActor
  func testWithMainSerialExecutorThenATestClockAndATestStore() async throws {
    let serialized = HarnessIssues.LockIsolated<[Int]>([])
    await withMainSerialExecutor {
      await withTaskGroup(of: Void.self) { group in
        for index in 1...3 { group.addTask { serialized.withValue { $0.append(index) } } }
      }
    }
    XCTAssertEqual(serialized.value.sorted(), [1, 2, 3])

    let clock = TestClock()
    let store = TestStore(initialState: TickerFeature.State()) {
      TickerFeature(clock: clock)
    }
    await store.send(.start)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 2 }
    await store.send(.stop)
  }

  func testATestStoreAfterAToggledUncheckedMainSerialExecutor() async {
    uncheckedUseMainSerialExecutor = true
    uncheckedUseMainSerialExecutor = false
    await receiveTicks(3, on: TestClock())
  }
}

/// A plain `XCTestCase` that runs every test inside `withMainSerialExecutor`, as some of the
/// Composable Architecture's own suites do, and keeps its clock in a stored property (XCTest
/// makes the instance before any test runs): the tasks a test starts before Harness's first call
/// go to the main actor through that library's hook, and the advance still waits for them.
final class StoredClockInsideMainSerialExecutorTests: XCTestCase {
  let clock = TestClock()

  override func invokeTest() {
    withMainSerialExecutor { super.invokeTest() }
  }

  func testEachAdvanceWakesTheSleepersItReaches() async throws {
    let woken = try await wakeThreeSleepers(on: clock)
    XCTAssertEqual(woken, [[1], [1, 2, 3]])
  }

  func testATestStoreOnTheStoredClock() async {
    await receiveTicks(3, on: clock)
  }
}
