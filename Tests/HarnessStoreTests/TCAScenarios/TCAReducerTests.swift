import Foundation
import Harness
import HarnessStore
import Testing

// Scenarios of TCA's ReducerTests.swift, ScopeTests.swift and DependencyKeyWritingReducerTests.swift.

@Suite struct TCAReducerTests {
  @Test func testCallableAsFunction() {
    let reducer = Reduce<Int, Void> { state, _ in
      state += 1
      return .none
    }
    var state = 0
    _ = reducer.reduce(into: &state, action: ())
    #expect(state == 1)
  }

  @Test func testCombine_EffectsAreMerged() async throws {
    let fastValue = LockIsolated<Int?>(nil)
    let slowValue = LockIsolated<Int?>(nil)
    let clock = TestClock()
    let store = TestStore(initialState: 0) {
      CombineReducers {
        DelayedSetter(delay: .seconds(1), setValue: { fastValue.setValue(42) })
        DelayedSetter(delay: .seconds(2), setValue: { slowValue.setValue(1729) })
      }
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.increment) { $0 = 2 }
    // A second fires the fast effect (TCA then sleeps a third of a second of real time).
    await clock.advance(by: .seconds(1))
    #expect(fastValue.value == 42)
    #expect(slowValue.value == nil)
    // One more second fires the slow one: merged, not concatenated.
    await clock.advance(by: .seconds(1))
    await store.finish()
    #expect(fastValue.value == 42)
    #expect(slowValue.value == 1729)
  }

  @Test func testCombine() async {
    let first = LockIsolated(false)
    let second = LockIsolated(false)
    let store = TestStore(initialState: 0) {
      CombineReducers {
        RunsAClosure(effect: { first.setValue(true) })
        RunsAClosure(effect: { second.setValue(true) })
      }
    }
    await store.send(.increment) { $0 = 2 }.finish()
    #expect(first.value)
    #expect(second.value)
  }

  // MARK: ScopeTests

  @Test func testStructChild() async {
    let store = TestStore(initialState: ScopeFeature.State()) { ScopeFeature() }
    await store.send(.child1(.incrementButtonTapped)) { $0.child1.count = 1 }
    await store.send(.child1(.decrementButtonTapped)) { $0.child1.count = 0 }
    await store.send(.child1(.decrementButtonTapped)) { $0.child1.count = -1 }
    await store.receive(.child1(.incrementButtonTapped)) { $0.child1.count = 0 }
  }

  @Test func testEnumChild() async {
    let store = TestStore(initialState: ScopeFeature.State()) { ScopeFeature() }
    await store.send(.child2(.count(1))) { $0.child2 = .count(1) }
    await store.send(.child2(.count(-1))) { $0.child2 = .count(-1) }
    await store.receive(.child2(.count(0))) { $0.child2 = .count(0) }
  }

  // TCA: 'A "Scope" at "<fileID>:<line>" received a child action when child state was set to a
  // different case. Action: Child2.Action.name State: Child2.State.count …'
  @Test func testNilChild() async {
    let line = #line + 2
    let store = TestStore<EnumChild.State, EnumChild.Action>(initialState: .count(0)) {
      Scope(state: EnumChild.State.name, action: EnumChild.Action.name) { EmptyReducer<String, String>() }
    }
    await expectTCAIssue("A Scope at HarnessStoreTests/TCAReducerTests.swift:\(line)", "another case", ".count") {
      await store.send(.name("Blob"))
    }
  }

  // MARK: DependencyKeyWritingReducerTests

  @Test func testWritingFusionOrder() async {
    let store = TestStore(initialState: ReadsMyValue.State()) {
      ReadsMyValue()
        .dependency(\.myValue, 42)
        .dependency(\.myValue, 1729)
    }
    await store.send(.tap) { $0.value = 42 }
  }

  // TCA's transformDependency is Harness's `.dependencies { … }`.
  @Test func testTransformFusionOrder() async {
    let store = TestStore(initialState: ReadsMyValue.State()) {
      ReadsMyValue()
        .dependencies { $0.myValue = 42 }
        .dependencies { $0.myValue = 1729 }
    }
    await store.send(.tap) { $0.value = 42 }
  }

  @Test func testWritingOrder() async {
    let store = TestStore(initialState: ReadsMyValue.State()) {
      CombineReducers {
        ReadsMyValue()
          .dependency(\.myValue, 42)
      }
      .dependency(\.myValue, 1729)
    }
    await store.send(.tap) { $0.value = 42 }
  }

  @Test func testTransformOrder() async {
    let store = TestStore(initialState: ReadsMyValue.State()) {
      CombineReducers {
        ReadsMyValue()
          .dependencies { $0.myValue = 42 }
      }
      .dependencies { $0.myValue = 1729 }
    }
    await store.send(.tap) { $0.value = 42 }
  }

  @Test func testDependency_EffectOfEffect() async {
    let store = TestStore(initialState: EffectOfEffect.State()) {
      EffectOfEffect()
        .dependency(\.myValue, 42)
    }
    await store.send(.tap) { $0.count = 1 }
    await store.receive(.response(42)) { $0.count = 42 }
    await store.receive(.otherResponse(42))
  }
}

// MARK: - Features

private struct DelayedSetter: Reducer {
  enum Action: Equatable, Sendable { case increment }
  @Dependency(\.continuousClock) var clock
  let delay: Duration
  let setValue: @Sendable () -> Void
  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    state += 1
    return .run { [clock, delay, setValue] _ in
      try await clock.sleep(for: delay)
      setValue()
    }
  }
}

private struct RunsAClosure: Reducer {
  enum Action: Equatable, Sendable { case increment }
  let effect: @Sendable () -> Void
  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    state += 1
    return .run { [effect] _ in effect() }
  }
}

private struct StructChild: Reducer {
  struct State: Equatable, Sendable { var count = 0 }
  enum Action: Equatable, Sendable { case decrementButtonTapped, incrementButtonTapped }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .decrementButtonTapped:
      state.count -= 1
      return state.count < 0 ? .run { await $0(.incrementButtonTapped) } : .none
    case .incrementButtonTapped:
      state.count += 1
      return .none
    }
  }
}

private struct EnumChild: Reducer {
  enum State: Equatable, Sendable {
    case count(Int)
    case name(String)
  }
  enum Action: Equatable, Sendable {
    case count(Int)
    case name(String)
  }
  var body: some Reducer<State, Action> {
    EmptyReducer<State, Action>()
      .ifCaseLet(State.count, action: Action.count) {
        Reduce<Int, Int> { state, action in
          state = action
          return state < 0 ? .run { await $0(0) } : .none
        }
      }
      .ifCaseLet(State.name, action: Action.name) {
        Reduce<String, String> { state, action in
          state = action
          return state.isEmpty ? .run { await $0("Empty") } : .none
        }
      }
  }
}

private struct ScopeFeature: Reducer {
  struct State: Equatable, Sendable {
    var child1 = StructChild.State()
    var child2 = EnumChild.State.count(0)
  }
  enum Action: Equatable, Sendable {
    case child1(StructChild.Action)
    case child2(EnumChild.Action)
  }
  var body: some Reducer<State, Action> {
    Scope(state: \.child1, action: Action.child1) { StructChild() }
    Scope(state: \.child2, action: Action.child2) { EnumChild() }
  }
}

private enum MyValue: DependencyKey {
  static let liveValue = 0
  static let testValue = 0
}

extension DependencyValues {
  fileprivate var myValue: Int {
    get { self[MyValue.self] }
    set { self[MyValue.self] = newValue }
  }
}

private struct ReadsMyValue: Reducer {
  @Dependency(\.myValue) var myValue
  struct State: Equatable, Sendable { var value = 0 }
  enum Action: Equatable, Sendable { case tap }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.value = myValue
    return .none
  }
}

private struct EffectOfEffect: Reducer {
  struct State: Equatable, Sendable { var count = 0 }
  enum Action: Equatable, Sendable {
    case tap
    case response(Int)
    case otherResponse(Int)
  }
  @Dependency(\.myValue) var myValue
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .tap:
      state.count += 1
      return .run { send in await send(.response(self.myValue)) }
    case let .response(value):
      state.count = value
      return .run { send in await send(.otherResponse(self.myValue)) }
    case let .otherResponse(value):
      state.count = value
      return .none
    }
  }
}
