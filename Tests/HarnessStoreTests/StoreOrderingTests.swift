import Foundation
import Harness
import HarnessStore
import HarnessTesting
import Testing

/// Counts, and every 100th action starts an effect that replaces the previous one
/// (cancelInFlight): the effect that survives must be the one of the last action reduced.
struct Tally: Reducer {
  struct State: Equatable, Sendable { var count = 0 }
  enum Action: Equatable, Sendable { case tap }
  enum CancelID { case latest }
  let survivors: LockIsolated<[Int]>
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    let count = state.count
    guard count % 100 == 0 else { return .none }
    return .run { [survivors] _ in
      try await clock.sleep(for: .seconds(1))
      survivors.withValue { $0.append(count) }
    }
    .cancellable(id: CancelID.latest, cancelInFlight: true)
  }
}

@Suite struct StoreOrderingTests {
  @Test func concurrentSendsPublishStatesInOrderAndStartEffectsInReduceOrder() async {
    let clock = TestClock()
    // Eight jobs of 10,000 sends each: under ThreadSanitizer on a loaded machine one of them can
    // run past the 10 seconds a followed job may take by default.
    let work = TestWork(jobPatience: .seconds(300))
    let survivors = LockIsolated<[Int]>([])
    let store = Store(initialState: Tally.State()) {
      Tally(survivors: survivors)
    } withDependencies: {
      $0.continuousClock = clock
    }
    let senders = 8
    let sendsEach = 10_000
    let total = senders * sendsEach
    let observer = Task {
      var last = -1
      var outOfOrder = 0
      for await state in store.states {
        if state.count <= last { outOfOrder += 1 }
        last = state.count
        if state.count == total { break }
      }
      return (last, outOfOrder)
    }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<senders {
        group.addTask {
          for _ in 0..<sendsEach { store.send(.tap) }
        }
      }
    }
    let (last, outOfOrder) = await observer.value
    #expect(last == total)
    #expect(outOfOrder == 0)
    #expect(store.state.count == total)
    await clock.advance(by: .seconds(1))
    await store.finishEffects()
    // Each effect cancelled the one before it: only the last reduced action's effect remains.
    #expect(survivors.value == [total])
    withExtendedLifetime(work) {}
  }

  @Test func aChainOf100000SendsRunsAtConstantStackDepth() async {
    let store = Store(initialState: Chain.State()) { Chain() }
    store.send(.count(down: 100_000))
    #expect(store.state.steps == 100_001)
  }

  @Test func aChainOfSendsInATestStore() async {
    // 10,000 sends in one job: under ThreadSanitizer on a loaded machine it can run past the
    // 10 seconds a followed job may take by default.
    let work = TestWork(jobPatience: .seconds(300))
    let store = TestStore(initialState: Chain.State()) { Chain() }
    store.exhaustivity = .off
    await store.send(.count(down: 10_000)) { $0.steps = 1 }
    await store.assert { $0.steps = 10_001 }
    withExtendedLifetime(work) {}
  }

  @Test func sendsOfOneActionAreReducedTogetherInOrder() async {
    let store = TestStore(initialState: Sequence.State()) { Sequence() }
    await store.send(.start)
    await store.receive(.log("a")) { $0.log = ["a"] }
    await store.receive(.log("b")) { $0.log = ["a", "b"] }
    await store.receive(.log("c")) { $0.log = ["a", "b", "c"] }
    await store.receive(.log("from a task")) { $0.log.append("from a task") }
  }

  @Test func storeSendReturnsATaskForItsEffects() async {
    let store = Store(initialState: Sequence.State()) { Sequence() }
    let task = store.send(.start)
    await task.finish()
    #expect(store.state.log == ["a", "b", "c", "from a task"])
  }
}

/// `count(down: n)` sends `count(down: n - 1)` until 0: a chain of synchronous sends.
struct Chain: Reducer {
  struct State: Equatable, Sendable { var steps = 0 }
  enum Action: Equatable, Sendable { case count(down: Int) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .count(down: n):
      state.steps += 1
      return n > 0 ? .send(.count(down: n - 1)) : .none
    }
  }
}

/// `.start` merges a task that sends with a concatenation of sends: the sends come first, in
/// order, with the task's action never between them.
struct Sequence: Reducer {
  struct State: Equatable, Sendable { var log: [String] = [] }
  enum Action: Equatable, Sendable { case start, log(String) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .merge(
        .run { send in await send(.log("from a task")) },
        .concatenate(.send(.log("a")), .send(.log("b")), .send(.log("c")))
      )
    case let .log(entry):
      state.log.append(entry)
      return .none
    }
  }
}
