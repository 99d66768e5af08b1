import Foundation
import Harness
import HarnessStore
import HarnessTesting
import Testing

/// A feature whose reducer uses its own store, as an analytics client or a delegate callback
/// holding the store would: it reads the store's state and sends to it, on its own thread or
/// on another one while it waits.
struct Reentrant: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    /// What `store.state.count` read during each reduce.
    var seen: [Int] = []
    var log: [String] = []
  }

  enum Action: Equatable, Sendable {
    /// Reads the store's state, then counts.
    case readState
    /// Sends `.log("reentrant")` to the store, returns `.send(.log("effect"))`.
    case sendToItself
    /// Sends two actions to the store.
    case sendTwiceToItself
    /// Waits for another thread that reads the state and sends `.log("other")`.
    case sendFromAnotherThread
    /// Reads a dependency whose default value reads the store.
    case readDependency
    case log(String)
  }

  let store: StoreReference<State, Action>
  @Dependency(ReadsItsStoreKey.self) var readsItsStore

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .readState:
      state.seen.append(store.state.count)
      state.count += 1
      return .none
    case .sendToItself:
      state.log.append("send")
      store.send(.log("reentrant"))
      return .send(.log("effect"))
    case .sendTwiceToItself:
      state.log.append("send twice")
      store.send(.log("first"))
      store.send(.log("second"))
      return .none
    case .sendFromAnotherThread:
      state.log.append("wait")
      let seen = LockIsolated<Int?>(nil)
      let done = DispatchSemaphore(value: 0)
      Thread { [store] in
        seen.setValue(store.state.count)
        store.send(.log("other"))
        done.signal()
      }.start()
      // A bounded wait: if the other thread blocked on the store, the test says so.
      guard done.wait(timeout: .now() + 5) == .success else {
        state.log.append("the other thread blocked")
        return .none
      }
      state.seen.append(seen.value ?? -1)
      return .send(.log("effect"))
    case .readDependency:
      state.log.append(readsItsStore)
      return .none
    case let .log(entry):
      state.log.append(entry)
      return .none
    }
  }
}

/// Lets a reducer reach the store that runs it (set once the store exists).
final class StoreReference<State: Sendable, Action: Sendable>: Sendable {
  private let store = LockIsolated<Store<State, Action>?>(nil)

  func set(_ store: Store<State, Action>?) { self.store.setValue(store) }
  var state: State { store.value!.state }
  func send(_ action: Action) { store.value!.send(action) }
}

/// A dependency whose default value reads a store's state: built inside a reducer, it must not
/// be built while the store is locked.
enum ReadsItsStoreKey: DependencyKey {
  static let store = LockIsolated<(@Sendable () -> Int)?>(nil)
  static var liveValue: String { build() }
  static var testValue: String { build() }

  private static func build() -> String { "built from count \(store.value?() ?? -1)" }
}

@Suite struct StoreReentrancyTests {
  /// A store of `Reentrant` that its reducer can reach; released at the end of the scenario.
  func withReentrantStore<R>(_ body: (Store<Reentrant.State, Reentrant.Action>) -> R) -> R {
    let reference = StoreReference<Reentrant.State, Reentrant.Action>()
    let store = Store(initialState: Reentrant.State()) { Reentrant(store: reference) }
    reference.set(store)
    defer { reference.set(nil) }
    return body(store)
  }

  @Test func aReducerReadsItsStoresStateAndGetsTheLastPublishedState() async {
    let collector = IssueCollector()
    let state = Deadline.onThread(reporting: [collector]) {
      withReentrantStore { store in
        store.send(.readState)
        store.send(.readState)
        store.send(.readState)
        return store.state
      }
    }
    #expect(state?.seen == [0, 1, 2])
    #expect(state?.count == 3)
    #expect(collector.issues.isEmpty)
  }

  @Test func aReducerSendingToItsOwnStoreIsReportedOnceAndReducedRightAfter() async {
    let collector = IssueCollector()
    let log = Deadline.onThread(reporting: [collector]) {
      withReentrantStore { store in
        store.send(.sendToItself)
        return store.state.log
      }
    }
    // Right after the action that sent it: before that action's own `.send`.
    #expect(log == ["send", "reentrant", "effect"])
    #expect(collector.issues.count == 1)
    #expect(
      collector.issues.first?.message == """
        Reentrant.Action.log("reentrant") was sent to a store while it was reducing \
        Reentrant.Action.sendToItself, from its reducer (same thread).

        A reducer must not send to its own store: the action is reduced right after \
        Reentrant.Action.sendToItself, before that action's effects send anything. Return \
        `.send(Reentrant.Action.log("reentrant"))` from the reducer instead, or send it from an \
        effect: `.run { send in await send(Reentrant.Action.log("reentrant")) }`.
        """
    )
  }

  @Test func eachReentrantSendIsReportedOnceAndReducedInOrder() async {
    let collector = IssueCollector()
    let log = Deadline.onThread(reporting: [collector]) {
      withReentrantStore { store in
        store.send(.sendTwiceToItself)
        store.send(.log("after"))
        return store.state.log
      }
    }
    #expect(log == ["send twice", "first", "second", "after"])
    #expect(collector.issues.map(\.message).map { $0.prefix(while: { $0 != "\n" }) } == [
      "Reentrant.Action.log(\"first\") was sent to a store while it was reducing Reentrant.Action.sendTwiceToItself, from its reducer (same thread).",
      "Reentrant.Action.log(\"second\") was sent to a store while it was reducing Reentrant.Action.sendTwiceToItself, from its reducer (same thread).",
    ])
  }

  @Test func aSendFromAnotherThreadDuringAReductionQueues() async {
    let collector = IssueCollector()
    let state = Deadline.onThread(reporting: [collector]) {
      withReentrantStore { store in
        store.send(.readState)
        store.send(.sendFromAnotherThread)
        return store.state
      }
    }
    // The other thread read the state before this reduce, and its action came after the
    // action's own `.send` (those are drained first). Nothing is reported: it is no reentrancy.
    #expect(state?.log == ["wait", "effect", "other"])
    #expect(state?.seen == [0, 1])
    #expect(collector.issues.isEmpty)
  }

  @Test func aSendFromATaskDuringAReductionQueues() async {
    let store = Store(initialState: Reentrant.State()) {
      Reentrant(store: StoreReference())
    }
    // Many tasks send while others reduce: every action is reduced, none is reported (an issue
    // would fail the test).
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<100 {
        group.addTask { store.send(.log("\(index)")) }
      }
    }
    #expect(store.state.log.count == 100)
    #expect(Set(store.state.log) == Set((0..<100).map { "\($0)" }))
  }

  @Test func aDefaultValueFirstReadInAReducerIsBuiltOutsideTheStoresLock() async {
    let collector = IssueCollector()
    let log = Deadline.onThread(reporting: [collector]) {
      withReentrantStore { store in
        ReadsItsStoreKey.store.setValue { store.state.count }
        defer { ReadsItsStoreKey.store.setValue(nil) }
        store.send(.readState)
        store.send(.readDependency)
        return store.state.log
      }
    }
    #expect(log == ["built from count 1"])
    #expect(collector.issues.isEmpty)
  }
}
