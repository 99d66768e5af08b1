import Foundation
import Harness
import HarnessStore
import HarnessTesting
import Testing

/// A parent with a Counter child in an optional, in a collection of identified counters, and
/// a nested optional (a child that has its own optional child), for effect lifetimes.
struct Host: Reducer {
  struct State: Equatable, Sendable {
    var child: Nested.State?
    var items: [Item.State] = []
  }

  enum Action: Equatable, Sendable {
    case child(Nested.Action)
    case item(id: Int, action: Counter.Action)
    case present(id: Int)
    case dismiss
    case remove(id: Int)
  }

  var body: some Reducer<State, Action> {
    Reduce<State, Action> { state, action in
      switch action {
      case let .present(id):
        state.child = Nested.State(id: id)
        return .none
      case .dismiss:
        state.child = nil
        return .none
      case let .remove(id):
        state.items.removeAll { $0.id == id }
        return .none
      case .child, .item:
        return .none
      }
    }
    .ifLet(\.child, action: Action.child) { Nested() }
    .forEach(\.items, action: Action.item) { Item() }
  }
}

/// An identified Counter, for `forEach`.
struct Item: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    let id: Int
    var counter = Counter.State()
  }

  var body: some Reducer<State, Counter.Action> {
    Scope(state: \.counter, action: { $0 }) { Counter() }
  }
}

/// An identified feature with a timer of its own and an optional Counter child.
struct Nested: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    let id: Int
    var counter = Counter.State()
    var inner: Counter.State?
  }

  enum Action: Equatable, Sendable {
    case counter(Counter.Action)
    case inner(Counter.Action)
    case openInner
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.counter, action: Action.counter) { Counter() }
    Reduce<State, Action> { state, action in
      if case .openInner = action { state.inner = Counter.State() }
      return .none
    }
    .ifLet(\.inner, action: Action.inner) { Counter() }
  }
}

/// Explored: each test runs in 20 seeded interleavings of its jobs, and must pass in every one.
@Suite(.interleavings(20)) struct EffectLifetimeTests {
  let clock = TestClock()

  func makeStore(_ state: Host.State = Host.State()) -> TestStoreOf<Host> {
    TestStore(initialState: state) { Host() } withDependencies: { [clock] in
      $0.continuousClock = clock
    }
  }

  @Test func ifLetCancelsTheChildsAndItsChildrensEffectsWhenDismissed() async {
    let store = makeStore()
    await store.send(.present(id: 1)) { $0.child = Nested.State(id: 1) }
    await store.send(.child(.counter(.timerTapped))) { $0.child?.counter.isTimerOn = true }
    await store.send(.child(.openInner)) { $0.child?.inner = Counter.State() }
    await store.send(.child(.inner(.timerTapped))) { $0.child?.inner?.isTimerOn = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.child(.counter(.timerTick))) { $0.child?.counter.count = 1 }
    await store.receive(.child(.inner(.timerTick))) { $0.child?.inner?.count = 1 }
    await store.send(.dismiss) { $0.child = nil }
    await clock.advance(by: .seconds(5))
    // Both timers ended with the child: nothing received, nothing running.
    await store.finish()
    #expect(clock.pendingSleepers.isEmpty)
  }

  @Test func ifLetCancelsTheEffectsOfAChildReplacedByAnotherID() async {
    let store = makeStore()
    await store.send(.present(id: 1)) { $0.child = Nested.State(id: 1) }
    await store.send(.child(.counter(.timerTapped))) { $0.child?.counter.isTimerOn = true }
    await store.send(.present(id: 2)) { $0.child = Nested.State(id: 2) }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test func forEachCancelsARemovedElementsEffects() async {
    let store = makeStore(Host.State(items: [Item.State(id: 1), Item.State(id: 2)]))
    await store.send(.item(id: 1, action: .timerTapped)) { $0.items[0].counter.isTimerOn = true }
    await store.send(.item(id: 2, action: .timerTapped)) { $0.items[1].counter.isTimerOn = true }
    await store.send(.remove(id: 1)) { $0.items.removeFirst() }
    await clock.advance(by: .seconds(1))
    // Only the remaining element ticks; the removed one's timer was cancelled.
    await store.receive(.item(id: 2, action: .timerTick)) { $0.items[0].counter.count = 1 }
    await store.send(.item(id: 2, action: .stopTimerTapped)) { $0.items[0].counter.isTimerOn = false }
    await store.finish()
  }

  @Test func cancellationIDsAreScopedToTheirElement() async {
    let store = makeStore(Host.State(items: [Item.State(id: 1), Item.State(id: 2)]))
    await store.send(.item(id: 1, action: .timerTapped)) { $0.items[0].counter.isTimerOn = true }
    await store.send(.item(id: 2, action: .timerTapped)) { $0.items[1].counter.isTimerOn = true }
    // Element 1 stops its timer (`.cancel(id: CancelID.timer)`); element 2's keeps ticking.
    await store.send(.item(id: 1, action: .stopTimerTapped)) { $0.items[0].counter.isTimerOn = false }
    await clock.advance(by: .seconds(1))
    await store.receive(.item(id: 2, action: .timerTick)) { $0.items[1].counter.count = 1 }
    await store.send(.item(id: 2, action: .stopTimerTapped)) { $0.items[1].counter.isTimerOn = false }
    await store.finish()
  }

  @Test func twoStoresNeverCancelEachOthersEffects() async {
    let first = makeStore()
    let second = makeStore()
    await first.send(.present(id: 1)) { $0.child = Nested.State(id: 1) }
    await second.send(.present(id: 1)) { $0.child = Nested.State(id: 1) }
    await first.send(.child(.counter(.timerTapped))) { $0.child?.counter.isTimerOn = true }
    await second.send(.child(.counter(.timerTapped))) { $0.child?.counter.isTimerOn = true }
    await first.send(.child(.counter(.stopTimerTapped))) { $0.child?.counter.isTimerOn = false }
    await clock.advance(by: .seconds(1))
    await second.receive(.child(.counter(.timerTick))) { $0.child?.counter.count = 1 }
    await second.send(.dismiss) { $0.child = nil }
    await first.finish()
    await second.finish()
  }

  @Test func forEachReportsAnActionForAMissingElementWithItsCauses() async {
    let store = makeStore()
    await withExpectedIssue {
      await store.send(.item(id: 9, action: .incrementTapped))
    } matching: { issue in
      issue.message.contains("not in the collection (id: 9)")
        && issue.message.contains("The action (Host.Action):")
        && issue.message.contains("Host.Action.item(")
        && issue.message.contains("a parent reducer removed the element before this action arrived")
        && issue.message.contains("it was sent for an id that was never in the collection")
    }
  }

  @Test func anActionSentFromACompletedEffectIsReportedAndDropped() async {
    let store = TestStore(initialState: Escaping.State()) { Escaping() } withDependencies: { [clock] in
      $0.continuousClock = clock
    }
    await withExpectedIssue {
      // The issue belongs to the escaped task, which inherits the send's context.
      await store.send(.escape)
      await clock.advance(by: .seconds(1))
    } matching: { issue in
      issue.message.contains("An action was sent from a completed effect")
        && issue.message.contains("Escaping.Action.late")
        && issue.message.contains("EffectLifetimeTests.swift")
    }
    await store.finish()
  }

  @Test func aCancelledEffectDropsLateSendsSilently() async {
    let store = TestStore(initialState: Escaping.State()) { Escaping() } withDependencies: { [clock] in
      $0.continuousClock = clock
    }
    await store.send(.escapeAndWait)
    await store.send(.cancel)
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test func effectsSeeTheDependenciesOfWhereTheyWereCreated() async {
    let store = TestStore(initialState: Escaping.State()) { Escaping() } withDependencies: {
      $0.date = .constant(Date(timeIntervalSince1970: 1))
    }
    await store.send(.readDate)
    await store.receive(.dateRead(42)) { $0.seconds = 42 }
    await store.send(.sendWithDate)
    await store.receive(.storeDate) { $0.seconds = 7 }
  }
}

/// Effects that outlive their operation, and effects built inside `withDependencies`.
struct Escaping: Reducer {
  struct State: Equatable, Sendable { var seconds = 0.0 }
  enum Action: Equatable, Sendable { case escape, escapeAndWait, cancel, late, readDate, dateRead(Double), sendWithDate, storeDate }
  enum CancelID { case waiting }
  @Dependency(\.continuousClock) var clock
  @Dependency(\.date) var date

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .escape:
      return .run { [clock] send in
        // Escapes the effect: sends after the effect has returned.
        Task {
          try await clock.sleep(for: .seconds(1))
          await send(.late)
        }
      }
    case .escapeAndWait:
      return .run { [clock] send in
        Task {
          try await clock.sleep(for: .seconds(1))
          await send(.late)
        }
        try await clock.sleep(for: .seconds(10))
      }
      .cancellable(id: CancelID.waiting)
    case .cancel:
      return .cancel(id: CancelID.waiting)
    case .late:
      return .none
    case .readDate:
      return withDependencies {
        $0.date = .constant(Date(timeIntervalSince1970: 42))
      } operation: {
        .run { send in
          @Dependency(\.date.now) var now
          await send(.dateRead(now.timeIntervalSince1970))
        }
      }
    case let .dateRead(seconds):
      state.seconds = seconds
      return .none
    case .sendWithDate:
      return withDependencies {
        $0.date = .constant(Date(timeIntervalSince1970: 7))
      } operation: {
        .send(.storeDate)
      }
    case .storeDate:
      state.seconds = date.now.timeIntervalSince1970
      return .none
    }
  }
}
