import Foundation
import Harness
import HarnessStore
import Testing

// Scenarios of TCA's Reducers/IfLetReducerTests.swift, Reducers/ForEachReducerTests.swift,
// Reducers/IfCaseLetReducerTests.swift, EffectCancellationIsolationTests.swift and
// StoreLifetimeTests.testStoreDeinit_RunningEffect. IdentifiedArray becomes an array of
// Identifiable elements; case key paths become case constructors.

@Suite struct TCAIfLetReducerTests {
  // TCA: 'An "ifLet" at "<fileID>:<line>" received a child action when child state was "nil".'
  @Test func testNilChild() async {
    let line = #line + 3
    let store = TestStore(initialState: Int?.none) {
      EmptyReducer<Int?, Void>()
        .ifLet(\.self, action: { (action: Void) in action }) { EmptyReducer<Int, Void>() }
    }
    await expectTCAIssue("An ifLet at HarnessStoreTests/TCAChildReducerTests.swift:\(line)", "state was nil") {
      await store.send(())
    }
  }

  @Test func testEffectCancellation() async {
    let clock = TestClock()
    let store = TestStore(initialState: TimerParent.State()) {
      TimerParent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.childButtonTapped) { $0.child = TimerChild.State() }
    await store.send(.child(.timerButtonTapped))
    await clock.advance(by: .seconds(2))
    await store.receive(.child(.timerTick)) { $0.child?.count = 1 }
    await store.receive(.child(.timerTick)) { $0.child?.count = 2 }
    await store.send(.childButtonTapped) { $0.child = nil }
  }

  @Test func testGrandchildEffectCancellation() async {
    let clock = TestClock()
    let store = TestStore(initialState: GrandParent.State()) {
      GrandParent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startButtonTapped) {
      $0.child = GrandParentChild.State(grandChild: TimerChild.State())
    }
    await store.send(.child(.grandChild(.timerButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.child(.grandChild(.timerTick))) { $0.child?.grandChild?.count = 1 }
    await store.send(.exitButtonTapped) { $0.child = nil }
  }

  @Test func testIdentifiableChild() async {
    let clock = TestClock()
    let store = TestStore(initialState: IdentifiableParent.State(child: IdentifiableChild.State(id: 1))) {
      IdentifiableParent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.child(.tap))
    await store.send(.newChild) { $0.child = IdentifiableChild.State(id: 2) }
    await store.send(.child(.tap))
    await clock.advance()
    await store.receive(.child(.response(2))) { $0.child = IdentifiableChild.State(id: 2, value: 2) }
  }
}

@Suite struct TCAForEachReducerTests {
  @Test func testElementAction() async {
    let store = TestStore(
      initialState: Elements.State(rows: [
        .init(id: 1, value: "Blob"),
        .init(id: 2, value: "Blob Jr."),
        .init(id: 3, value: "Blob Sr."),
      ])
    ) {
      Elements()
    }
    await store.send(.rows(id: 1, action: "Blob Esq.")) { $0.rows[0].value = "Blob Esq." }
    await store.send(.rows(id: 2, action: "")) { $0.rows[1].value = "" }
    await store.receive(.rows(id: 2, action: "Empty")) { $0.rows[1].value = "Empty" }
  }

  @Test func testNonElementAction() async {
    let store = TestStore(initialState: Elements.State()) { Elements() }
    await store.send(.buttonTapped)
  }

  // TCA: 'A "forEach" at "<fileID>:<line>" received an action for a missing element.'
  @Test func testMissingElement() async {
    let line = #line + 3
    let store = TestStore(initialState: Elements.State()) {
      EmptyReducer<Elements.State, Elements.Action>()
        .forEach(\.rows, action: Elements.Action.rows) { EmptyReducer<Elements.State.Row, String>() }
    }
    await expectTCAIssue("A forEach at HarnessStoreTests/TCAChildReducerTests.swift:\(line)", "not in the collection", "id: 1") {
      await store.send(.rows(id: 1, action: "Blob Esq."))
    }
  }

  @Test func testAutomaticEffectCancellation() async {
    let clock = TestClock()
    let store = TestStore(initialState: Timers.State()) {
      Timers()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.continuousClock = clock
    }
    await store.send(.addTimerButtonTapped) { $0.timers = [TimerElement.State(id: UUID(0))] }
    await store.send(.timers(id: UUID(0), action: .startButtonTapped))
    await clock.advance(by: .seconds(2))
    await store.receive(.timers(id: UUID(0), action: .tick)) { $0.timers[0].elapsed = 1 }
    await store.receive(.timers(id: UUID(0), action: .tick)) { $0.timers[0].elapsed = 2 }
    await store.send(.addTimerButtonTapped) {
      $0.timers = [TimerElement.State(id: UUID(0), elapsed: 2), TimerElement.State(id: UUID(1))]
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.timers(id: UUID(0), action: .tick)) { $0.timers[0].elapsed = 3 }
    await store.send(.timers(id: UUID(1), action: .startButtonTapped))
    await clock.advance(by: .seconds(1))
    await store.receive(.timers(id: UUID(0), action: .tick)) { $0.timers[0].elapsed = 4 }
    await store.receive(.timers(id: UUID(1), action: .tick)) { $0.timers[1].elapsed = 1 }
    await store.send(.removeLastTimerButtonTapped) { $0.timers = [TimerElement.State(id: UUID(0), elapsed: 4)] }
    await clock.advance(by: .seconds(1))
    await store.receive(.timers(id: UUID(0), action: .tick)) { $0.timers[0].elapsed = 5 }
    await store.send(.removeLastTimerButtonTapped) { $0.timers = [] }
  }
}

@Suite struct TCAIfCaseLetReducerTests {
  struct SomeError: Error, Equatable {}

  @Test func testChildAction() async {
    let store = TestStore(initialState: Result<Int, SomeError>.success(0)) {
      Reduce<Result<Int, SomeError>, Result<Int, SomeError>> { _, _ in .none }
        .ifCaseLet(Result<Int, SomeError>.success, action: Result<Int, SomeError>.success) {
          Reduce<Int, Int> { state, action in
            state = action
            return state < 0 ? .run { await $0(0) } : .none
          }
        }
    }
    await store.send(.success(1)) { $0 = .success(1) }
    await store.send(.failure(SomeError()))
    await store.send(.success(-1)) { $0 = .success(-1) }
    await store.receive(.success(0)) { $0 = .success(0) }
  }

  // TCA: 'An "ifCaseLet" at "<fileID>:<line>" received a child action when child state was set
  // to a different case. Action: Result.success(1) State: Result.failure(…SomeError())'
  @Test func testNilChild() async {
    let line = #line + 3
    let store = TestStore(initialState: Result<Int, SomeError>.failure(SomeError())) {
      EmptyReducer<Result<Int, SomeError>, Result<Int, SomeError>>()
        .ifCaseLet(Result<Int, SomeError>.success, action: Result<Int, SomeError>.success) { EmptyReducer<Int, Int>() }
    }
    await expectTCAIssue("An ifCaseLet at HarnessStoreTests/TCAChildReducerTests.swift:\(line)", "another case", ".failure") {
      await store.send(.success(1))
    }
  }

  @Test func testEffectCancellation_Siblings() async {
    let clock = TestClock()
    let store = TestStore(initialState: Siblings.State.child1(TimerChild.State())) {
      Siblings()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.child1(.timerButtonTapped))
    await clock.advance(by: .seconds(1))
    await store.receive(.child1(.timerTick)) { $0 = .child1(TimerChild.State(count: 1)) }
    await store.send(.child2ButtonTapped) { $0 = .child2(TimerChild.State()) }
  }

  @Test func testIdentifiableChild() async {
    let clock = TestClock()
    let store = TestStore(initialState: EnumIdentifiableParent.State.child(IdentifiableChild.State(id: 1))) {
      EnumIdentifiableParent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.child(.tap))
    await store.send(.newChild) { $0 = .child(IdentifiableChild.State(id: 2)) }
    await store.send(.child(.tap))
    await clock.advance()
    await store.receive(.child(.response(2))) { $0 = .child(IdentifiableChild.State(id: 2, value: 2)) }
  }
}

/// EffectCancellationIsolationTests: two tests running in parallel, each with a store whose
/// long-living effect uses the same cancel id, never cancel each other's effects.
@Suite struct TCAEffectCancellationIsolationTests {
  @Test func testIsolation1() async {
    let store = TestStore(initialState: LongLiving.State()) { LongLiving() }
    await store.send(.start)
    await store.receive(LongLiving.Action.response) { $0.value = 42 }
    await store.send(.stop)
  }

  @Test func testIsolation2() async {
    let store = TestStore(initialState: LongLiving.State()) { LongLiving() }
    await store.send(.start)
    await store.receive(LongLiving.Action.response) { $0.value = 42 }
    await store.send(.stop)
  }
}

@Suite struct TCAStoreLifetimeTests {
  // A store released while its effect runs cancels the effect.
  @Test func testStoreDeinit_RunningEffect() async {
    let finished = LockIsolated(false)
    do {
      let store = Store<Int, Void>(initialState: 0) {
        Reduce { _, _ in
          .run { _ in
            try? await neverEnding()
            finished.setValue(true)
          }
        }
      }
      store.send(())
      _ = store
    }
    #expect(await eventually { finished.value })
  }
}

// MARK: - Features

private struct TimerChild: Reducer {
  struct State: Equatable, Sendable { var count = 0 }
  enum Action: Equatable, Sendable { case timerButtonTapped, timerTick }
  @Dependency(\.continuousClock) var clock
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .timerButtonTapped:
      return .run { [clock] send in
        for await _ in clock.timer(interval: .seconds(1)) { await send(.timerTick) }
      }
    case .timerTick:
      state.count += 1
      return .none
    }
  }
}

private struct TimerParent: Reducer {
  struct State: Equatable, Sendable { var child: TimerChild.State? }
  enum Action: Equatable, Sendable {
    case child(TimerChild.Action)
    case childButtonTapped
  }
  var body: some Reducer<State, Action> {
    Reduce<State, Action> { state, action in
      switch action {
      case .child: return .none
      case .childButtonTapped:
        state.child = state.child == nil ? TimerChild.State() : nil
        return .none
      }
    }
    .ifLet(\.child, action: Action.child) { TimerChild() }
  }
}

private struct GrandParentChild: Reducer {
  struct State: Equatable, Sendable { var grandChild: TimerChild.State? }
  enum Action: Equatable, Sendable { case grandChild(TimerChild.Action) }
  var body: some Reducer<State, Action> {
    EmptyReducer<State, Action>()
      .ifLet(\.grandChild, action: Action.grandChild) { TimerChild() }
  }
}

private struct GrandParent: Reducer {
  struct State: Equatable, Sendable { var child: GrandParentChild.State? }
  enum Action: Equatable, Sendable {
    case child(GrandParentChild.Action)
    case exitButtonTapped
    case startButtonTapped
  }
  var body: some Reducer<State, Action> {
    Reduce<State, Action> { state, action in
      switch action {
      case .child: return .none
      case .exitButtonTapped:
        state.child = nil
        return .none
      case .startButtonTapped:
        state.child = GrandParentChild.State(grandChild: TimerChild.State())
        return .none
      }
    }
    .ifLet(\.child, action: Action.child) { GrandParentChild() }
  }
}

private struct IdentifiableChild: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    let id: Int
    var value = 0
  }
  enum Action: Equatable, Sendable { case tap, response(Int) }
  @Dependency(\.continuousClock) var clock
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .tap:
      return .run { [id = state.id, clock] send in
        try await clock.sleep(for: .seconds(0))
        await send(.response(id))
      }
    case let .response(value):
      state.value = value
      return .none
    }
  }
}

private struct IdentifiableParent: Reducer {
  struct State: Equatable, Sendable { var child: IdentifiableChild.State? }
  enum Action: Equatable, Sendable {
    case child(IdentifiableChild.Action)
    case newChild
  }
  var body: some Reducer<State, Action> {
    Reduce<State, Action> { state, action in
      switch action {
      case .child: return .none
      case .newChild:
        guard let child = state.child else { return .none }
        state.child = IdentifiableChild.State(id: child.id + 1)
        return .none
      }
    }
    .ifLet(\.child, action: Action.child) { IdentifiableChild() }
  }
}

private struct EnumIdentifiableParent: Reducer {
  enum State: Equatable, Sendable { case child(IdentifiableChild.State) }
  enum Action: Equatable, Sendable {
    case child(IdentifiableChild.Action)
    case newChild
  }
  var body: some Reducer<State, Action> {
    Reduce<State, Action> { state, action in
      switch action {
      case .child: return .none
      case .newChild:
        guard case let .child(child) = state else { return .none }
        state = .child(IdentifiableChild.State(id: child.id + 1))
        return .none
      }
    }
    .ifCaseLet(State.child, action: Action.child) { IdentifiableChild() }
  }
}

private struct Siblings: Reducer {
  enum State: Equatable, Sendable {
    case child1(TimerChild.State)
    case child2(TimerChild.State)
  }
  enum Action: Equatable, Sendable {
    case child1(TimerChild.Action)
    case child1ButtonTapped
    case child2(TimerChild.Action)
    case child2ButtonTapped
  }
  var body: some Reducer<State, Action> {
    Reduce<State, Action> { state, action in
      switch action {
      case .child1, .child2: return .none
      case .child1ButtonTapped:
        state = .child1(TimerChild.State())
        return .none
      case .child2ButtonTapped:
        state = .child2(TimerChild.State())
        return .none
      }
    }
    .ifCaseLet(State.child1, action: Action.child1) { TimerChild() }
    .ifCaseLet(State.child2, action: Action.child2) { TimerChild() }
  }
}

private struct Elements: Reducer {
  struct State: Equatable, Sendable {
    struct Row: Equatable, Identifiable, Sendable {
      var id: Int
      var value: String
    }
    var rows: [Row] = []
  }
  enum Action: Equatable, Sendable {
    case buttonTapped
    case rows(id: Int, action: String)
  }
  var body: some Reducer<State, Action> {
    Reduce<State, Action> { _, _ in .none }
      .forEach(\.rows, action: Action.rows) {
        Reduce<State.Row, String> { state, action in
          state.value = action
          return action.isEmpty ? .run { await $0("Empty") } : .none
        }
      }
  }
}

private struct TimerElement: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    let id: UUID
    var elapsed = 0
  }
  enum Action: Equatable, Sendable { case startButtonTapped, tick }
  @Dependency(\.continuousClock) var clock
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startButtonTapped:
      return .run { [clock] send in
        for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
      }
    case .tick:
      state.elapsed += 1
      return .none
    }
  }
}

private struct Timers: Reducer {
  struct State: Equatable, Sendable { var timers: [TimerElement.State] = [] }
  enum Action: Equatable, Sendable {
    case addTimerButtonTapped
    case removeLastTimerButtonTapped
    case timers(id: UUID, action: TimerElement.Action)
  }
  @Dependency(\.uuid) var uuid
  var body: some Reducer<State, Action> {
    Reduce<State, Action> { state, action in
      switch action {
      case .addTimerButtonTapped:
        state.timers.append(TimerElement.State(id: uuid()))
        return .none
      case .removeLastTimerButtonTapped:
        state.timers.removeLast()
        return .none
      case .timers:
        return .none
      }
    }
    .forEach(\.timers, action: Action.timers) { TimerElement() }
  }
}

private struct LongLiving: Reducer {
  struct State: Equatable, Sendable { var value = 0 }
  enum Action: Sendable {
    case response(Int)
    case start
    case stop
  }
  enum CancelID { case longLiving }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .response(value):
      state.value = value
      return .none
    case .start:
      return .run { send in
        await send(.response(42))
        try await neverEnding()
      }
      .cancellable(id: CancelID.longLiving, cancelInFlight: true)
    case .stop:
      return .cancel(id: CancelID.longLiving)
    }
  }
}
