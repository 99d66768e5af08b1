import ConcurrencyExtras
import HarnessClocks
import HarnessIssues
import HarnessStore
import HarnessTesting
import XCTest

/// Harness beside swift-concurrency-extras' main serial executor, as in a test target that also
/// holds Composable Architecture tests: `withMainSerialExecutor` and
/// `uncheckedUseMainSerialExecutor` take the runtime's global enqueue hook and "restore" it by a
/// Bool, which leaves their hook in the slot for good once Harness's was there. Harness takes
/// the slot back at its next world and chains to their hook; its clocks and stores go on
/// working, and nothing hangs. (The warning Harness gives once per process is printed: XCTest
/// has no warnings.)
final class MainSerialExecutorTests: DependencyTestCase, @unchecked Sendable {
  /// What a Composable Architecture `TestStore` does in `init` and `deinit`.
  private final class TCAStyleTestStore {
    private let didUseMainSerialExecutor: Bool
    init() {
      didUseMainSerialExecutor = uncheckedUseMainSerialExecutor
      uncheckedUseMainSerialExecutor = true
    }
    deinit {
      uncheckedUseMainSerialExecutor = didUseMainSerialExecutor
    }
  }

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
    let store = TestStore(initialState: Timer.State()) {
      Timer(clock: clock)
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
    await receivesThreeTicksAfterThreeSeconds(on: TestClock())
  }
}

/// A timer store on `clock`: one advance of three seconds, three ticks received.
private func receivesThreeTicksAfterThreeSeconds(on clock: TestClock<Duration>) async {
  let store = TestStore(initialState: Timer.State()) {
    Timer(clock: clock)
  }
  await store.send(.start)
  await clock.advance(by: .seconds(3))
  await store.receive(.tick) { $0.ticks = 1 }
  await store.receive(.tick) { $0.ticks = 2 }
  await store.receive(.tick) { $0.ticks = 3 }
  await store.send(.stop)
}

/// A feature with a timer on a test clock.
private struct Timer: Reducer {
  struct State: Equatable, Sendable {
    var ticks = 0
  }
  enum Action: Equatable, Sendable {
    case start, stop, tick
  }
  enum CancelID { case timer }

  let clock: TestClock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { [clock] send in
        for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
      }
      .cancellable(id: CancelID.timer)
    case .stop:
      return .cancel(id: CancelID.timer)
    case .tick:
      state.ticks += 1
      return .none
    }
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
    let clock = self.clock
    let woken = HarnessIssues.LockIsolated<[Int]>([])
    // Started longest first: they wake in the order of their deadlines, not of their starts.
    let sleepers = [3, 1, 2].map { seconds in
      Task {
        try await clock.sleep(for: .seconds(seconds))
        woken.withValue { $0.append(seconds) }
      }
    }
    await clock.advance(by: .seconds(1))
    XCTAssertEqual(woken.value, [1])
    await clock.advance(by: .seconds(2))
    XCTAssertEqual(woken.value, [1, 2, 3])
    for sleeper in sleepers { try await sleeper.value }
  }

  func testATestStoreOnTheStoredClock() async {
    await receivesThreeTicksAfterThreeSeconds(on: clock)
  }
}
