import Foundation
import Harness
import HarnessStore
import HarnessTesting
import Testing

/// A search debounced on a clock: `.queryChanged` starts it, `.results` is what it sends.
struct DebouncedSearch: Reducer {
  struct State: Equatable, Sendable { var results = "" }
  enum Action: Equatable, Sendable { case queryChanged(String), results(String) }
  enum CancelID { case search }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .queryChanged(query):
      return .run { send in await send(.results("results for \(query)")) }
        .debounce(id: CancelID.search, for: .seconds(1), clock: clock)
    case let .results(results):
      state.results = results
      return .none
    }
  }
}

/// A forgotten `advance` of a test clock: the failing `receive` says what happened (no time was
/// waited; an effect sleeps on a clock that was not advanced), and it is the only issue.
///
/// Not explored: these tests measure that nothing was waited for.
@Suite struct ReceiveMessageTests {
  let clock = TestClock()

  @Test func receiveWithoutAdvanceSaysNothingWasWaitedFor() async {
    let elapsed = LockIsolated<Duration>(.zero)
    let issues = await collectIssues {
      let store = TestStore(initialState: Counter.State()) { Counter() } withDependencies: {
        $0.continuousClock = clock
      }
      store.timeout = .seconds(30)
      await store.send(.delayedIncrementTapped)
      let start = ContinuousClock.now
      await store.receive(.incrementTapped) { $0.count = 1 }
      elapsed.setValue(ContinuousClock.now - start)
    }
    #expect(elapsed.value < .seconds(20))
    #expect(issues.map(\.message) == [
      """
      Expected to receive Counter.Action.incrementTapped, but received no action.
      The running effect sleeps on a test clock that was not advanced, so nothing can arrive \
      until it is: nothing was waited for. Advance the clock (`await clock.advance(by: …)`) \
      before receiving.
      """
    ])
  }

  @Test func aForgottenAdvanceOfADebounceIsOneIssue() async {
    let elapsed = LockIsolated<Duration>(.zero)
    let issues = await collectIssues {
      let store = TestStore(initialState: DebouncedSearch.State()) { DebouncedSearch() } withDependencies: {
        $0.continuousClock = clock
      }
      store.timeout = .seconds(30)
      await store.send(.queryChanged("a"))
      let start = ContinuousClock.now
      await store.receive(.results("results for a")) { $0.results = "results for a" }
      elapsed.setValue(ContinuousClock.now - start)
      await store.finish()
    }
    #expect(elapsed.value < .seconds(20))
    #expect(issues.map(\.message) == [
      """
      Expected to receive DebouncedSearch.Action.results("results for a"), but received no action.
      The running effect sleeps on a test clock that was not advanced, so nothing can arrive \
      until it is: nothing was waited for. Advance the clock (`await clock.advance(by: …)`) \
      before receiving.
      """
    ])
  }

  @Test func withTheAdvanceTheDebouncedSearchIsReceived() async {
    let store = TestStore(initialState: DebouncedSearch.State()) { DebouncedSearch() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.queryChanged("a"))
    await clock.advance(by: .seconds(1))
    await store.receive(.results("results for a")) { $0.results = "results for a" }
  }

  @Test func twoParkedEffectsAreCountedOnceEach() async {
    let issues = await collectIssues {
      let store = TestStore(initialState: Counter.State()) { Counter() } withDependencies: {
        $0.continuousClock = clock
      }
      await store.send(.delayedIncrementTapped)
      await store.send(.delayedIncrementTapped)
      await store.receive(.incrementTapped) { $0.count = 1 }
      await clock.advance(by: .seconds(1))
      await store.receive(.incrementTapped) { $0.count = 1 }
      await store.receive(.incrementTapped) { $0.count = 2 }
    }
    #expect(issues.map { $0.message.split(separator: "\n").dropFirst().first ?? "" } == [
      "The 2 running effects sleep on a test clock that was not advanced, so nothing can arrive until it is: nothing was waited for. Advance the clock (`await clock.advance(by: …)`) before receiving."
    ])
  }
}
