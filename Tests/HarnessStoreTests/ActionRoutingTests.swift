import Foundation
import Harness
import HarnessStore
import HarnessTesting
import Testing

/// An action enum that redacts itself in logs: `Mirror` shows no payloads.
enum RedactedAction: Equatable, Sendable, CustomReflectable {
  case counter(Counter.Action)
  case other

  var customMirror: Mirror { Mirror(self, children: [:]) }
}

/// Actions with optional and multi-value labelled payloads.
enum Payloads: Equatable, Sendable {
  case maybe(Int?)
  case pair(id: Int, name: String)
  case other(Int?)
}

/// Payload shapes the learned fast path reads directly: objects, strings, boxed cases.
final class Token: Sendable, Equatable {
  let name: String
  init(_ name: String) { self.name = name }
  static func == (lhs: Token, rhs: Token) -> Bool { lhs.name == rhs.name }
}

indirect enum Shapes: Equatable, Sendable {
  case token(Token)
  case text(String)
  case nested(Shapes)
  case pair(id: Int, token: Token)
  case empty
}

/// Enum state: logged in (with a Counter) or out.
struct Session: Reducer {
  enum State: Equatable, Sendable {
    case loggedIn(Counter.State)
    case loggedOut
  }

  enum Action: Equatable, Sendable {
    case loggedIn(Counter.Action)
    case logOut
  }

  let useScope: Bool

  var body: some Reducer<State, Action> {
    if useScope {
      Scope(state: State.loggedIn, action: Action.loggedIn) { Counter() }
      Reduce<State, Action> { state, action in
        if case .logOut = action { state = .loggedOut }
        return .none
      }
    } else {
      Reduce<State, Action> { state, action in
        if case .logOut = action { state = .loggedOut }
        return .none
      }
      .ifCaseLet(State.loggedIn, action: Action.loggedIn) { Counter() }
    }
  }
}

@Suite struct ActionRoutingTests {
  let clock = TestClock()

  @Test func aCustomReflectableActionIsReportedOnceNamingTheFix() {
    let embedding = ActionEmbedding(RedactedAction.counter)
    withExpectedIssue {
      #expect(embedding.extract(.counter(.incrementTapped)) == nil)
      #expect(embedding.extract(.counter(.decrementTapped)) == nil)
    } matching: { issue in
      issue.message.contains("cannot extract 'Counter.Action' from 'RedactedAction'")
        && issue.message.contains("is CustomReflectable")
        && issue.message.contains("ActionEmbedding(embed: Action.child, extract:")
    }
  }

  @Test func anExplicitEmbeddingRoutesWhatReflectionCannot() async {
    let embedding = ActionEmbedding<RedactedAction, Counter.Action>(
      embed: RedactedAction.counter,
      extract: { if case let .counter(action) = $0 { action } else { nil } }
    )
    let store = TestStore(initialState: Counter.State()) {
      Scope(state: \.self, action: embedding) { Counter() }
    }
    await store.send(.counter(.incrementTapped)) { $0.count = 1 }
    await store.send(.other)
  }

  @Test func optionalAndLabelledPayloads() {
    let maybe = ActionEmbedding(Payloads.maybe)
    #expect(maybe.extract(.maybe(nil)) == .some(nil))
    #expect(maybe.extract(.maybe(3)) == .some(3))
    #expect(maybe.extract(.other(3)) == nil)
    let pair = ActionEmbedding { (value: (Int, String)) in Payloads.pair(id: value.0, name: value.1) }
    #expect(pair.extract(.pair(id: 1, name: "a")).map { "\($0.0)\($0.1)" } == "1a")
    #expect(pair.extract(.maybe(1)) == nil)
  }

  @Test func learnedCasesReadPayloadsExactlyEveryTime() {
    let token = ActionEmbedding(Shapes.token)
    let text = ActionEmbedding(Shapes.text)
    let nested = ActionEmbedding(Shapes.nested)
    let pair = ActionEmbedding { (value: (Int, Token)) in Shapes.pair(id: value.0, token: value.1) }
    // The first extraction learns the case; the later ones read the payload directly.
    for round in 0..<3 {
      let name = "token \(round) with a name longer than fifteen bytes"
      #expect(token.extract(.token(Token(name))) == Token(name))
      #expect(token.extract(.text(name)) == nil)
      #expect(text.extract(.text(name)) == name)
      #expect(text.extract(.empty) == nil)
      #expect(nested.extract(.nested(.text(name))) == .text(name))
      #expect(nested.extract(.nested(.nested(.empty))) == .nested(.empty))
      #expect(pair.extract(.pair(id: round, token: Token(name))).map { "\($0.0) \($0.1.name)" } == "\(round) \(name)")
      #expect(pair.extract(.token(Token(name))) == nil)
    }
  }

  @Test func theIdentityEmbeddingRoutesEveryAction() async {
    let store = TestStore(initialState: Optional(Counter.State())) {
      EmptyReducer<Counter.State?, Counter.Action>()
        .ifLet(\.self, action: { $0 }) { Counter() }
    }
    await store.send(.incrementTapped) { $0?.count = 1 }
  }

  @Test(arguments: [false, true]) func enumStateRunsTheChildOnlyInItsCase(useScope: Bool) async {
    let store = TestStore(initialState: Session.State.loggedIn(Counter.State())) {
      Session(useScope: useScope)
    } withDependencies: { [clock] in
      $0.continuousClock = clock
    }
    await store.send(.loggedIn(.incrementTapped)) { $0 = .loggedIn(Counter.State(count: 1)) }
    await store.send(.loggedIn(.timerTapped)) { $0 = .loggedIn(Counter.State(count: 1, isTimerOn: true)) }
    await store.send(.logOut) { $0 = .loggedOut }
    await withExpectedIssue {
      await store.send(.loggedIn(.incrementTapped))
    } matching: { issue in
      issue.message.contains("received a child action while the state was in another case (.loggedOut)")
        && issue.message.contains("Session.Action.loggedIn(.incrementTapped)")
    }
    // The timer ended when the state left the case (ifCaseLet at once, Scope by the next action).
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test func taskCancelByIDInsideAnEffectAndFromATestHelper() async {
    let store = TestStore(initialState: Counter.State()) { Canceller() } withDependencies: { [clock] in
      $0.continuousClock = clock
    }
    await store.send(.timerTapped) { $0.isTimerOn = true }
    await store.send(.stopFromEffect)
    await clock.advance(by: .seconds(2))

    await store.send(.timerTapped)
    await Task.cancel(id: Counter.CancelID.timer)
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test(.interleavings(20)) func withTaskCancellationMakesWorkCancellable() async {
    let clock = self.clock
    let finished = LockIsolated(false)
    let work = Task {
      try await withTaskCancellation(id: "search", cancelInFlight: true) {
        try await clock.sleep(for: .seconds(1))
        finished.setValue(true)
      }
    }
    await clock.advance()
    await Task.cancel(id: "search")
    await clock.advance(by: .seconds(1))
    #expect(await (try? work.value) == nil)
    #expect(!finished.value)
  }

  @Test(.interleavings(20)) func anEffectsActionsOutsideAStore() async {
    let clock = self.clock
    let effect = Effect<Int>.merge(
      .send(1),
      .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(2)
      }
    )
    let collected = Task {
      var actions: [Int] = []
      for await action in effect.actions { actions.append(action) }
      return actions
    }
    await clock.advance(by: .seconds(1))
    #expect(await collected.value == [1, 2])
  }

  @Test(.interleavings(20)) func debounceStartsOnlyTheLastEffect() async {
    await typeTwiceThenSearch(on: clock)
  }

  /// Cancelling a chain by id used to cancel its current step's task before the chain's own, so
  /// the chain could take its next step (the debounced send) in between: rare, so repeated.
  @Test func aChainCancelledByIDNeverTakesAnotherStep() async {
    for _ in 0..<200 { await typeTwiceThenSearch(on: TestClock()) }
  }

  /// Types "a", then "ab" before the debounce fires: only "ab" is searched.
  private func typeTwiceThenSearch(on clock: TestClock<Duration>) async {
    let store = TestStore(initialState: Search.State()) { Search() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.typed("a")) { $0.query = "a" }
    await clock.advance(by: .milliseconds(100))
    await store.send(.typed("ab")) { $0.query = "ab" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.searched("ab")) { $0.results = ["ab"] }
  }
}

/// Counter plus a way to stop its timer with `Task.cancel(id:)` from inside another effect.
struct Canceller: Reducer {
  enum Action: Equatable, Sendable { case timerTapped, stopFromEffect, tick }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout Counter.State, action: Action) -> Effect<Action> {
    switch action {
    case .timerTapped:
      state.isTimerOn = true
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
      .cancellable(id: Counter.CancelID.timer)
    case .stopFromEffect:
      return .run { _ in await Task.cancel(id: Counter.CancelID.timer) }
    case .tick:
      state.count += 1
      return .none
    }
  }
}

/// A debounced search.
struct Search: Reducer {
  struct State: Equatable, Sendable {
    var query = ""
    var results: [String] = []
  }
  enum Action: Equatable, Sendable { case typed(String), searched(String) }
  enum CancelID { case search }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .typed(query):
      state.query = query
      return .run { send in await send(.searched(query)) }
        .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
    case let .searched(query):
      state.results = [query]
      return .none
    }
  }
}
