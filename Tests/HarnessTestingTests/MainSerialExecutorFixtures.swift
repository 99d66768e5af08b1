import Foundation
import HarnessClocks
import HarnessDependencies
import HarnessIssues
import HarnessStore
import HarnessTesting
import Testing
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

// What swift-concurrency-extras does with the runtime's global-enqueue hook, with the same logic
// (the package is not a dependency, so it is written out here): `uncheckedUseMainSerialExecutor`
// reads "a hook is in the slot" as "mine is", sets its own hook (every global job to the main
// actor) or empties the slot, and `withMainSerialExecutor` "restores" the Bool it read. A
// Composable Architecture `TestStore` sets it in `init` and restores the Bool in `deinit`.
// These fixtures replace the hook for the whole process: they run only in a child process
// started by `DisplacedHookTests`.

private typealias OriginalEnqueue = @convention(thin) (UnownedJob) -> Void
private typealias EnqueueHook = @convention(thin) (UnownedJob, OriginalEnqueue) -> Void

nonisolated(unsafe) private let enqueueHookSlot = dlsym(dlopen(nil, 0), "swift_task_enqueueGlobal_hook")!
  .assumingMemoryBound(to: EnqueueHook?.self)

/// swift-concurrency-extras' `uncheckedUseMainSerialExecutor`.
private var uncheckedUseMainSerialExecutor: Bool {
  get { enqueueHookSlot.pointee != nil }
  set { enqueueHookSlot.pointee = newValue ? { job, _ in MainActor.shared.enqueue(job) } : nil }
}

/// swift-concurrency-extras' synchronous `withMainSerialExecutor`.
private func withMainSerialExecutor(_ operation: () throws -> Void) rethrows {
  let didUseMainSerialExecutor = uncheckedUseMainSerialExecutor
  defer { uncheckedUseMainSerialExecutor = didUseMainSerialExecutor }
  uncheckedUseMainSerialExecutor = true
  try operation()
}

/// swift-concurrency-extras' asynchronous `withMainSerialExecutor`.
@MainActor
private func withMainSerialExecutor(_ operation: @MainActor () async throws -> Void) async rethrows {
  let didUseMainSerialExecutor = uncheckedUseMainSerialExecutor
  defer { uncheckedUseMainSerialExecutor = didUseMainSerialExecutor }
  uncheckedUseMainSerialExecutor = true
  try await operation()
}

/// What a Composable Architecture `TestStore` does with the hook in its `init` and `deinit`.
private final class SerialExecutorFlippingStore {
  private let originalUseMainSerialExecutor = uncheckedUseMainSerialExecutor
  init() { uncheckedUseMainSerialExecutor = true }
  deinit { uncheckedUseMainSerialExecutor = originalUseMainSerialExecutor }
}

/// An ordinary clock test: a task ticks once a second, each advance wakes it exactly once.
private func ticksOnEveryAdvance(_ clock: TestClock<Duration>) async throws {
  let ticks = LockIsolated(0)
  let task = Task {
    for _ in 1...3 {
      try await clock.sleep(for: .seconds(1))
      ticks.withValue { $0 += 1 }
    }
  }
  for expected in 1...3 {
    await clock.advance(by: .seconds(1))
    guard ticks.value == expected else {
      reportIssue("after advance \(expected): \(ticks.value) ticks")
      return
    }
  }
  try await task.value
}

/// A feature whose effect answers after a second on its clock.
private struct DelayedAnswer: Reducer {
  struct State: Equatable, Sendable { var answer: Int? }
  enum Action: Equatable, Sendable {
    case ask
    case answered(Int)
  }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .ask:
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.answered(42))
      }
    case let .answered(answer):
      state.answer = answer
      return .none
    }
  }
}

/// An ordinary store test driven by a test clock.
private func answersAfterASecond() async {
  let clock = TestClock()
  let store = TestStore(initialState: DelayedAnswer.State()) {
    DelayedAnswer()
  } withDependencies: {
    $0.continuousClock = clock
  }
  await store.send(.ask)
  await clock.advance(by: .seconds(1))
  await store.receive(.answered(42)) { $0.answer = 42 }
}

/// In the order a test target runs them: Harness first, then a TCA-style store comes and goes,
/// then ordinary clock and store tests, some inside `withMainSerialExecutor`. Harness never writes
/// the slot, so that library finds it as it left it, and its "restore" leaves the process as it
/// would be without Harness.
@Suite(.serialized, .enabled(if: failingFixturesEnabled, "runs only as a child process of DisplacedHookTests"))
struct MainSerialExecutorFixtures {
  @Test func theSlotIsEmptyWhenTheFirstTestBegins() {
    // Read as swift-concurrency-extras reads it, with HarnessTesting loaded: Harness sees the
    // process's tasks through its default executor, not through this slot.
    #expect(!uncheckedUseMainSerialExecutor)
  }

  @Test func harnessFirst() async throws {
    try await ticksOnEveryAdvance(TestClock())
    #expect(!uncheckedUseMainSerialExecutor)
  }

  @Test func aStoreFlippingTheHookComesAndGoes() async throws {
    do { _ = SerialExecutorFlippingStore() }
    // Restored "by a Bool" to what it found: the slot is empty again, as without Harness.
    #expect(!uncheckedUseMainSerialExecutor)
    try await ticksOnEveryAdvance(TestClock())
    #expect(!uncheckedUseMainSerialExecutor)
  }

  @Test func aClockTestAfterwards() async throws {
    try await ticksOnEveryAdvance(TestClock())
  }

  @Test func aStoreTestAfterwards() async {
    await answersAfterASecond()
  }

  @Test @MainActor func insideWithMainSerialExecutor() async throws {
    try await withMainSerialExecutor {
      try await ticksOnEveryAdvance(TestClock())
      await answersAfterASecond()
    }
  }

  @Test func aStoreFlippingTheHookInsideTheTest() async throws {
    let store = SerialExecutorFlippingStore()
    try await ticksOnEveryAdvance(TestClock())
    await answersAfterASecond()
    withExtendedLifetime(store) {}
    try await ticksOnEveryAdvance(TestClock())
  }
}

/// The XCTest form: a test case that keeps its clock in a stored property, in a process where a
/// TCA-style store came and went before its tests, and comes and goes inside them. While that
/// library's hook holds the slot it sends every job to `MainActor.shared.enqueue`, where Harness
/// hands the jobs of the test's tasks back to the test's world.
final class MainSerialExecutorXCTestFixtures: XCTestCase {
  let clock = TestClock()

  override class func setUp() {
    super.setUp()
    // What a Composable Architecture test that ran earlier in the process leaves behind.
    if failingFixturesEnabled { _ = SerialExecutorFlippingStore() }
  }

  override func setUpWithError() throws {
    try skipUnlessInTheChildProcess()
  }

  func testClockInAStoredProperty() async throws {
    try await ticksOnEveryAdvance(clock)
    XCTAssertEqual(clock.now.offset, .seconds(3))
  }

  func testSleeperStartedAfterATCAStyleStoreInsideTheTest() async throws {
    do { _ = SerialExecutorFlippingStore() }
    try await ticksOnEveryAdvance(clock)
  }

  func testStoreAfterATCAStyleStore() async {
    do { _ = SerialExecutorFlippingStore() }
    await answersAfterASecond()
  }

  @MainActor
  func testMainActorClockTest() async throws {
    try await ticksOnEveryAdvance(clock)
    await answersAfterASecond()
  }
}

/// Runs an XCTest test (`invokeTest`) inside `withMainSerialExecutor`, in the child process
/// only: the slot is the process's.
private func insideMainSerialExecutorInTheChildProcess(_ invokeTest: () -> Void) {
  guard failingFixturesEnabled else { return invokeTest() }
  withMainSerialExecutor(invokeTest)
}

/// Skips an XCTest fixture unless it runs as a child process of `DisplacedHookTests`.
private func skipUnlessInTheChildProcess() throws {
  try XCTSkipUnless(failingFixturesEnabled, "runs only as a child process of DisplacedHookTests")
}

/// A test case whose every test runs inside `withMainSerialExecutor`, as some of the Composable
/// Architecture's own suites do, with its clock in a stored property: the hook of
/// swift-concurrency-extras holds the slot for the whole test, and sends every job of the test's
/// tasks through `MainActor.shared.enqueue`.
final class MainSerialExecutorInvokeTestFixtures: XCTestCase {
  let clock = TestClock()

  override func invokeTest() {
    insideMainSerialExecutorInTheChildProcess { super.invokeTest() }
  }

  override func setUpWithError() throws {
    try skipUnlessInTheChildProcess()
  }

  func testClockInAStoredProperty() async throws {
    try await ticksOnEveryAdvance(clock)
    XCTAssertEqual(clock.now.offset, .seconds(3))
  }

  func testStore() async {
    await answersAfterASecond()
  }

  @MainActor
  func testMainActorClockAndStore() async throws {
    try await ticksOnEveryAdvance(clock)
    await answersAfterASecond()
  }
}

/// A `DependencyTestCase` run inside `withMainSerialExecutor` from `invokeTest`, with a TCA-style
/// store made in `setUp` (so that library's hook holds the slot when the test's body starts) and
/// main actor tests: the test case's own world, the stored clock and the store still agree.
final class MainSerialExecutorDependencyTestCaseFixtures: DependencyTestCase, @unchecked Sendable {
  let clock = TestClock()

  override func invokeTest() {
    insideMainSerialExecutorInTheChildProcess { super.invokeTest() }
  }

  override func setUpWithError() throws {
    try skipUnlessInTheChildProcess()
    _ = SerialExecutorFlippingStore()
  }

  @MainActor
  func testStoredClock() async throws {
    try await ticksOnEveryAdvance(clock)
  }

  @MainActor
  func testStore() async {
    await answersAfterASecond()
  }
}
