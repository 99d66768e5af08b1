import Foundation
import Harness
import HarnessStore
import HarnessTesting
import Testing

/// Effects in a TestStore: ordering of merge and concatenate, cancellation, map.
struct Sequencer: Reducer {
  struct State: Equatable, Sendable { var log: [String] = [] }
  enum Action: Equatable, Sendable {
    case concatenated, merged, log(String), startLong, cancelLong, mapped, child(String)
  }
  enum CancelID { case long }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .concatenated:
      return .concatenate(
        .run { send in
          try await clock.sleep(for: .seconds(2))
          await send(.log("first, after 2s"))
        },
        .send(.log("second")),
        .run { send in await send(.log("third")) }
      )
    case .merged:
      return .merge(.send(.log("a")), .send(.log("b")))
    case let .log(entry):
      state.log.append(entry)
      return .none
    case .startLong:
      return .run { send in
        try await clock.sleep(for: .seconds(10))
        await send(.log("long finished"))
      }
      .cancellable(id: CancelID.long)
    case .cancelLong:
      return .cancel(id: CancelID.long)
    case .mapped:
      return Effect<String>.send("from child").map(Action.child)
    case let .child(text):
      state.log.append(text)
      return .none
    }
  }
}

/// Explored: each test runs in 20 seeded interleavings of its jobs, and must pass in every one.
@Suite(.interleavings(20)) struct EffectTests {
  let clock = TestClock()

  func makeStore() -> TestStore<Sequencer.State, Sequencer.Action> {
    TestStore(initialState: Sequencer.State()) { Sequencer() } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func concatenateRunsOneAfterAnother() async {
    let store = makeStore()
    await store.send(.concatenated)
    await clock.advance(by: .seconds(2))
    await store.receive(.log("first, after 2s")) { $0.log = ["first, after 2s"] }
    await store.receive(.log("second")) { $0.log.append("second") }
    await store.receive(.log("third")) { $0.log.append("third") }
  }

  @Test func mergeDeliversInOrder() async {
    let store = makeStore()
    await store.send(.merged)
    await store.receive(.log("a")) { $0.log = ["a"] }
    await store.receive(.log("b")) { $0.log.append("b") }
  }

  @Test func cancellationEndsTheEffect() async {
    let store = makeStore()
    await store.send(.startLong)
    await clock.advance(by: .seconds(5))
    await store.send(.cancelLong)
    await clock.advance(by: .seconds(10))
    await store.finish()
    #expect(clock.pendingSleepers.isEmpty)
  }

  @Test func mapTransformsActions() async {
    let store = makeStore()
    await store.send(.mapped)
    await store.receive(.child("from child")) { $0.log = ["from child"] }
  }
}

/// Explored: each test runs in 20 seeded interleavings of its jobs, and must pass in every one.
@Suite(.interleavings(20)) struct StoreTests {
  @Test func runsTheFeatureAndItsEffects() async {
    let store = Store(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    store.send(.incrementTapped)
    #expect(store.state.count == 1)
    await store.send(.delayedIncrementTapped).finish()
    #expect(store.state.count == 2)
    await store.send(.factTapped).finish()
    #expect(store.state.fact == "2 is a number")
  }

  @Test func statesStreamsEveryChange() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    var iterator = store.states.makeAsyncIterator()
    #expect(await iterator.next()?.count == 0)
    store.send(.incrementTapped)
    #expect(await iterator.next()?.count == 1)
    store.send(.decrementTapped)
    #expect(await iterator.next()?.count == 0)
  }

  @Test func releasingTheStoreCancelsItsEffects() async {
    let clock = TestClock()
    var store: Store<Counter.State, Counter.Action>? = Store(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let task = store?.send(.timerTapped)
    await clock.advance(by: .seconds(1))
    #expect(store?.state.count == 1)
    store = nil
    await task?.finish()
    #expect(clock.pendingSleepers.isEmpty)
  }
}

/// An unimplemented endpoint called inside an effect is one mistake: one issue, not a second
/// one for the error it throws.
///
/// Explored: each test runs in 20 seeded interleavings of its jobs, and must pass in every one.
@Suite(.interleavings(20)) struct UnimplementedInEffectTests {
  struct Loader: Reducer {
    struct State: Equatable, Sendable {}
    enum Action: Equatable, Sendable { case load, loaded(Int) }
    let fetch: @Sendable () async throws -> Int

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .load: return .run { [fetch] send in await send(.loaded(try await fetch())) }
      case .loaded: return .none
      }
    }
  }

  @Test func anUnimplementedEndpointInAnEffectIsReportedOnce() async {
    let collector = IssueCollector()
    await withIssueReporters([collector]) {
      let store = TestStore(initialState: Loader.State()) { Loader(fetch: unimplemented("Loader.fetch")) }
      await store.send(.load)
      await store.finish()
    }
    #expect(collector.issues.count == 1)
    #expect(collector.issues.first?.message.hasPrefix("Unimplemented: 'Loader.fetch'") == true)
  }
}
