#if Schedulers
import HarnessDependencies
import HarnessSchedulers
import HarnessStore
import HarnessTesting
import Testing

/// A debounced search whose time is the main queue.
struct QueueSearch: Reducer {
  struct State: Equatable, Sendable {
    var query = ""
    var results: [String] = []
  }
  enum Action: Equatable, Sendable { case typed(String), searched(String) }
  enum CancelID { case search }
  @Dependency(\.mainQueue) var mainQueue

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .typed(query):
      state.query = query
      return .run { send in await send(.searched(query)) }
        .debounce(id: CancelID.search, for: .milliseconds(300), scheduler: mainQueue)
    case let .searched(query):
      state.results = [query]
      return .none
    }
  }
}

@Suite struct EffectDebounceTests {
  @Test func debounceOnASchedulerStartsOnlyTheLastEffect() async {
    let mainQueue = DispatchQueue.test
    let store = TestStore(initialState: QueueSearch.State()) { QueueSearch() } withDependencies: {
      $0.mainQueue = mainQueue.eraseToAnyScheduler()
    }
    await store.send(.typed("a")) { $0.query = "a" }
    await mainQueue.advance(by: .milliseconds(100))
    await store.send(.typed("ab")) { $0.query = "ab" }
    await mainQueue.advance(by: .milliseconds(299))
    await store.send(.typed("abc")) { $0.query = "abc" }
    await mainQueue.advance(by: .milliseconds(300))
    await store.receive(.searched("abc")) { $0.results = ["abc"] }
  }

  @Test func anImmediateSchedulerStartsTheEffectAtOnce() async {
    let store = TestStore(initialState: QueueSearch.State()) { QueueSearch() } withDependencies: {
      $0.mainQueue = .immediate
    }
    await store.send(.typed("a")) { $0.query = "a" }
    await store.receive(.searched("a")) { $0.results = ["a"] }
  }
}
#endif
