import Foundation
import Harness
import HarnessStore
import HarnessTesting
import Testing

/// `receive`, `finish` and the end-of-test check give up at once when the store can prove that
/// nothing more can arrive, instead of waiting their timeout: a suite of failing tests stays fast.
///
/// Explored: each test runs in 20 seeded interleavings of its jobs, and must pass in every one.
@Suite(.interleavings(20)) struct TestStoreWaitTests {
  let clock = TestClock()

  /// A timeout no test could sit through: a wait that used it would stop the suite.
  static let endless = Duration.seconds(3_600)

  func makeStore() -> TestStore<Counter.State, Counter.Action> {
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.timeout = Self.endless
    return store
  }

  @Test func receiveWithNoEffectRunningFailsAtOnce() async {
    let store = makeStore()
    await store.send(.incrementTapped) { $0.count = 1 }
    await withExpectedIssue {
      await store.receive(.incrementTapped)
    } matching: { issue in
      issue.message.contains("Expected to receive Counter.Action.incrementTapped, but received no action")
        && issue.message.contains("No effect is running, so none can arrive: nothing was waited for.")
    }
  }

  @Test func receiveWhileTheOnlyEffectSleepsOnATestClockFailsAtOnce() async {
    let store = makeStore()
    await store.send(.delayedIncrementTapped)
    await withExpectedIssue {
      await store.receive(.incrementTapped)
    } matching: { issue in
      issue.message.contains("but received no action.")
        && issue.message.contains("The running effect sleeps on a test clock that was not advanced")
    }
    // Advancing then delivers it.
    await clock.advance(by: .seconds(1))
    await store.receive(.incrementTapped) { $0.count = 1 }
  }

  @Test func finishWhileAnEffectSleepsOnATestClockReportsAtOnce() async {
    let store = makeStore()
    await store.send(.timerTapped) { $0.isTimerOn = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.timerTick) { $0.count = 1 }
    await withExpectedIssue {
      await store.finish()
    } matching: { $0.message.contains("is still running at the end of the test") }
    await store.send(.stopTimerTapped) { $0.isTimerOn = false }
  }

  /// An effect waiting on something outside the test's work (here a real thread) is waited for,
  /// up to the timeout: the store cannot tell when it will answer.
  @Test func receiveWaitsForWorkOutsideTheTestsTasks() async {
    let store = TestStore(initialState: Outside.State()) { Outside() }
    store.timeout = Self.endless
    await store.send(.start)
    await store.receive(.answered(42)) { $0.answer = 42 }
  }
}

/// A feature whose effect waits for a reply from a plain thread, as real I/O would.
struct Outside: Reducer {
  struct State: Equatable, Sendable { var answer: Int? }
  enum Action: Equatable, Sendable { case start, answered(Int) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { send in
        let answer = await withCheckedContinuation { continuation in
          Thread {
            Thread.sleep(forTimeInterval: 0.05)
            continuation.resume(returning: 42)
          }.start()
        }
        await send(.answered(answer))
      }
    case let .answered(answer):
      state.answer = answer
      return .none
    }
  }
}
