import Foundation
import Harness
import HarnessStore
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// Port of TCA's Tests/ComposableArchitectureTests/TestStoreTests.swift to Harness.
// DispatchQueue.test schedulers become TestClock; case key paths become case constructors.
//
// Ported earlier under Harness names (the same scenarios, not repeated here):
// - testExpectedStateEqualityMustModify: TestStoreFailureTests.anAssertionSettingTheSameValueChangesNothing

@Suite struct TCATestStoreTests {
  @Test func testEffectConcatenation() async {
    struct State: Equatable {}
    enum Action: Equatable { case a, b1, b2, b3, c1, c2, c3, d }

    let clock = TestClock()
    let store = TestStore(initialState: State()) {
      Reduce<State, Action> { _, action in
        switch action {
        case .a:
          return .merge(
            .run { send in
              try await clock.sleep(for: .seconds(1))
              await send(.b1)
              await send(.c1)
            },
            .run { _ in try await neverEnding() }
              .cancellable(id: 1)
          )
        case .b1:
          return .concatenate(.send(.b2), .send(.b3))
        case .c1:
          return .concatenate(.send(.c2), .send(.c3))
        case .b2, .b3, .c2, .c3:
          return .none
        case .d:
          return .cancel(id: 1)
        }
      }
    }

    await store.send(.a)
    await clock.advance(by: .seconds(1))
    await store.receive(.b1)
    await store.receive(.b2)
    await store.receive(.b3)
    await store.receive(.c1)
    await store.receive(.c2)
    await store.receive(.c3)
    await store.send(.d)
  }

  @Test func testAsync() async {
    enum Action: Equatable { case tap, response(Int) }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .tap:
          return .run { send in await send(.response(42)) }
        case let .response(number):
          state = number
          return .none
        }
      }
    }
    await store.send(.tap)
    await store.receive(.response(42)) { $0 = 42 }
  }

  @Test func testExpectedStateEquality() async {
    struct State: Equatable {
      var count = 0
      var isChanging = false
    }
    enum Action: Equatable {
      case increment
      case changed(from: Int, to: Int)
    }
    let store = TestStore(initialState: State()) {
      Reduce<State, Action> { state, action in
        switch action {
        case .increment:
          state.isChanging = true
          return .send(.changed(from: state.count, to: state.count + 1))
        case let .changed(from, to):
          state.isChanging = false
          if state.count == from { state.count = to }
          return .none
        }
      }
    }

    await store.send(.increment) { $0.isChanging = true }
    await store.receive(.changed(from: 0, to: 1)) {
      $0.isChanging = false
      $0.count = 1
    }

    await expectTCAIssue("does not match the assertion") {
      await store.send(.increment) { $0.isChanging = false }
    }
    await expectTCAIssue("does not match the assertion") {
      await store.receive(.changed(from: 1, to: 2)) {
        $0.isChanging = true
        $0.count = 1100
      }
    }
  }

  @Test func testReceiveActionMatchingPredicate() async {
    enum Action: Equatable { case noop, finished }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { _, action in
        switch action {
        case .noop: return .send(.finished)
        case .finished: return .none
        }
      }
    }

    let predicateCalled = LockIsolated(false)
    await store.send(.noop)
    await store.receive(where: { action in
      predicateCalled.setValue(true)
      return action == .finished
    })
    #expect(predicateCalled.value)

    await store.send(.noop)
    await expectTCAIssue("Received unexpected action") {
      await store.receive(.noop)
    }

    await store.send(.noop)
    await expectTCAIssue("does not match the predicate") {
      await store.receive(where: { $0 == .noop })
    }
  }

  @Test func testStateAccess() async {
    enum Action { case a, b, c, d }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { count, action in
        switch action {
        case .a:
          count += 1
          return .merge(.send(.b), .send(.c), .send(.d))
        case .b, .c, .d:
          count += 1
          return .none
        }
      }
    }

    await store.send(.a) {
      $0 = 1
      #expect(store.state == 0)
    }
    #expect(store.state == 1)
    for (action, count) in [(Action.b, 2), (.c, 3), (.d, 4)] {
      await store.receive(action) {
        $0 = count
        #expect(store.state == count - 1)
      }
      #expect(store.state == count)
    }
  }

  @Test func testOverrideDependenciesDirectlyOnReducer() async {
    let store = TestStore(initialState: 0) {
      Feature_testOverrideDependenciesDirectlyOnReducer()
        .dependency(\.calendar, Calendar(identifier: .gregorian))
        .dependency(\.locale, Locale(identifier: "en_US"))
        .dependency(\.timeZone, TimeZone(secondsFromGMT: 0)!)
        .dependency(\.urlSession, URLSession(configuration: .ephemeral))
    }
    await store.send(true) { $0 = 1 }
  }

  @Test func testOverrideDependenciesOnTestStore() async {
    let store = TestStore(initialState: 0) {
      Feature_testOverrideDependenciesDirectlyOnReducer()
    }
    store.dependencies.calendar = Calendar(identifier: .gregorian)
    store.dependencies.locale = Locale(identifier: "en_US")
    store.dependencies.timeZone = TimeZone(secondsFromGMT: 0)!
    store.dependencies.urlSession = URLSession(configuration: .ephemeral)

    await store.send(true) { $0 = 1 }
  }

  @Test func testOverrideDependenciesOnTestStore_MidwayChange() async {
    let store = TestStore(initialState: 0) {
      Feature_testOverrideDependenciesOnTestStore_MidwayChange()
    } withDependencies: {
      $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
    }

    await store.send(()) { $0 = 1_234_567_890 }

    store.dependencies.date.now = Date(timeIntervalSince1970: 987_654_321)

    await store.send(()) { $0 = 987_654_321 }
  }

  @Test func testOverrideDependenciesOnTestStore_Init() async {
    let store = TestStore(initialState: 0) {
      Feature_testOverrideDependenciesDirectlyOnReducer(fetches: true)
    } withDependencies: {
      $0.calendar = Calendar(identifier: .gregorian)
      $0.client.fetch = { 1 }
      $0.locale = Locale(identifier: "en_US")
      $0.timeZone = TimeZone(secondsFromGMT: 0)!
      $0.urlSession = URLSession(configuration: .ephemeral)
    }
    await store.send(true) { $0 = 1 }
  }

  @Test func testDependenciesEarlyBinding() async {
    let store = TestStore(initialState: Feature_testDependenciesEarlyBinding.State()) {
      Feature_testDependenciesEarlyBinding()
    } withDependencies: {
      $0.date = .constant(Date(timeIntervalSince1970: 1_234_567_890))
    }

    await store.send(.tap) {
      @Dependency(\.date.now) var now: Date
      $0.count = 1
      $0.date = now
    }
    await store.receive(.response(42)) {
      @Dependency(\.date.now) var now: Date
      $0.count = 42
      $0.date = now
    }
  }

  @Test func testPrepareDependenciesCalledOnce() {
    var count = 0
    let store = TestStore(initialState: 0) {
      EmptyReducer<Int, Void>()
    } withDependencies: { _ in
      count += 1
    }
    #expect(count == 1)
    _ = store
  }

  @Test func testEffectEmitAfterSkipInFlightEffects() async {
    let clock = TestClock()
    enum Action: Equatable { case tap, response }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .tap:
          return .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.response)
          }
        case .response:
          state = 42
          return .none
        }
      }
    }

    await store.send(.tap)
    await store.skipInFlightEffects()
    await clock.advance(by: .seconds(1))
    await store.receive(.response) { $0 = 42 }
  }

  @Test func testAssert_NonExhaustiveTestStore() async {
    let store = TestStore(initialState: 0) {
      EmptyReducer<Int, Void>()
    }
    store.exhaustivity = .off

    await store.assert { $0 = 0 }
  }

  @Test func testAssert_NonExhaustiveTestStore_Failure() async {
    let store = TestStore(initialState: 0) {
      EmptyReducer<Int, Void>()
    }
    store.exhaustivity = .off

    // TCA: hasSuffix "A state change does not match expectation.\n\n    − 1\n    + 0\n\n(Expected: −, Actual: +)"
    await expectTCAIssue("does not match the assertion", "− 1", "+ 0") {
      await store.assert { $0 = 1 }
    }
  }

  @Test func testReceiveCaseKeyPathWithValue() async {
    let store = TestStore<Int, CaseAction>(initialState: 0) {
      Reduce { _, action in
        switch action {
        case .tap: return .send(.delegate(.success(42)))
        case .delegate: return .none
        case .view: return .none
        }
      }
    }

    await store.send(.tap)
    // TCA: `await store.receive(\.delegate.success, 42)`
    await store.receive(CaseAction.delegate, .success(42))

    // TCA expects: "Received unexpected action: … Action.delegate( − .success(43) + .success(42) ) (Expected: −, Actual: +)"
    await expectTCAIssue("success(43)", "success(42)") {
      await store.send(.tap)
      await store.receive(CaseAction.delegate, .success(43))
    }
  }

  @Test func testSendCaseKeyPath() async {
    let store = TestStore<Int, CaseAction>(initialState: 0) {
      Reduce { state, action in
        switch action {
        case .tap:
          return .send(.delegate(.success(42)))
        case .delegate:
          return .none
        case .view(.tap):
          state += 1
          return .send(.delegate(.success(42 * 42)))
        case let .view(.delete(indexSet)):
          let sum = indexSet.reduce(0, +)
          if sum == 42 { state += 1 }
          return .send(.delegate(.success(sum)))
        }
      }
    }
    // TCA: store.send(\.tap), send(\.view.tap), send(\.view.delete, [0]); Harness: values and
    // `send(caseConstructor, value)`.
    await store.send(.tap)
    await store.receive(CaseAction.delegate, .success(42))

    await store.send(.view(.tap)) { $0 = 1 }
    await store.receive(CaseAction.delegate, .success(42 * 42))

    await store.send({ (indexSet: IndexSet) in CaseAction.view(.delete(indexSet)) }, [0])
    await store.receive(CaseAction.delegate, .success(0))

    await store.send({ (indexSet: IndexSet) in CaseAction.view(.delete(indexSet)) }, [19, 23]) { $0 = 2 }
    await store.receive(CaseAction.delegate, .success(42))
  }
}

// MARK: - Features

/// Reads four dependencies, and calls `client.fetch` when `fetches` (the feature of
/// testOverrideDependenciesDirectlyOnReducer, testOverrideDependenciesOnTestStore and
/// testOverrideDependenciesOnTestStore_Init).
private struct Feature_testOverrideDependenciesDirectlyOnReducer: Reducer {
  typealias State = Int
  typealias Action = Bool
  var fetches = false
  @Dependency(\.calendar) var calendar
  @Dependency(\.client.fetch) var fetch
  @Dependency(\.locale) var locale
  @Dependency(\.timeZone) var timeZone
  @Dependency(\.urlSession) var urlSession

  var body: some Reducer<Int, Bool> {
    Reduce { state, action in
      _ = self.calendar
      if fetches { _ = self.fetch() }
      _ = self.locale
      _ = self.timeZone
      _ = self.urlSession
      state += action ? 1 : -1
      return .none
    }
  }
}

private struct Feature_testOverrideDependenciesOnTestStore_MidwayChange: Reducer {
  typealias State = Int
  typealias Action = Void
  @Dependency(\.date.now) var now

  var body: some Reducer<Int, Void> {
    Reduce { state, _ in
      state = Int(self.now.timeIntervalSince1970)
      return .none
    }
  }
}

private struct Feature_testDependenciesEarlyBinding: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    var date: Date
    init() {
      @Dependency(\.date.now) var now: Date
      self.date = now
    }
  }
  enum Action: Equatable, Sendable {
    case tap
    case response(Int)
  }
  @Dependency(\.date.now) var now: Date

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .tap:
        state.count += 1
        return .run { send in await send(.response(42)) }
      case let .response(number):
        state.count = number
        state.date = now
        return .none
      }
    }
  }
}

fileprivate struct Client: DependencyKey {
  var fetch: @Sendable () -> Int
  static let liveValue = Client(fetch: { 42 })
}

extension DependencyValues {
  fileprivate var client: Client {
    get { self[Client.self] }
    set { self[Client.self] = newValue }
  }
}

private enum CaseAction: Sendable {
  case tap
  case delegate(Delegate)
  case view(View)
  enum Delegate: Equatable, Sendable {
    case success(Int)
  }
  enum View: Equatable, Sendable {
    case tap
    case delete(IndexSet)
  }
}
