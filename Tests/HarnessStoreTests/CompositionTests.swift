import Foundation
import Harness
import HarnessStore
import HarnessTesting
import Testing

/// A parent with a scoped child, an optional child and a collection of children.
struct Parent: Reducer {
  struct State: Equatable, Sendable {
    var counter = Counter.State()
    var editor: Counter.State?
    var rows: [Row.State] = []
  }

  enum Action: Equatable, Sendable {
    case counter(Counter.Action)
    case editor(Counter.Action)
    case row(id: Int, action: Row.Action)
    case openEditor
    case closeEditor
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.counter, action: Action.counter) { Counter() }
    Reduce<State, Action> { state, action in
      switch action {
      case .openEditor:
        state.editor = Counter.State(count: 100)
        return .none
      case .closeEditor:
        state.editor = nil
        return .none
      case .counter, .editor, .row:
        return .none
      }
    }
    .ifLet(\.editor, action: Action.editor) { Counter() }
    .forEach(\.rows, action: Action.row) { Row() }
  }
}

struct Row: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    var id: Int
    var title = ""
  }
  enum Action: Equatable, Sendable { case rename(String) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .rename(title):
      state.title = title
      return .none
    }
  }
}

/// Explored: each test runs in 20 seeded interleavings of its jobs, and must pass in every one.
@Suite(.interleavings(20)) struct CompositionTests {
  @Test func scopeRunsTheChildOnItsState() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.counter(.incrementTapped)) { $0.counter.count = 1 }
    await store.send(.counter(.factTapped))
    await store.receive(.counter(.factResponse("1 is a number"))) { $0.counter.fact = "1 is a number" }
  }

  @Test func ifLetRunsTheChildWhilePresentAndReportsStrayActions() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.openEditor) { $0.editor = Counter.State(count: 100) }
    await store.send(.editor(.incrementTapped)) { $0.editor?.count = 101 }
    await store.send(.closeEditor) { $0.editor = nil }
    await withExpectedIssue {
      await store.send(.editor(.incrementTapped))
    } matching: { issue in
      issue.message.contains("received a child action while its state was nil")
        && issue.message.contains("CompositionTests.swift")
    }
  }

  @Test func forEachAddressesElementsByID() async {
    let store = TestStore(
      initialState: Parent.State(rows: [Row.State(id: 1), Row.State(id: 2)])
    ) { Parent() }
    await store.send(.row(id: 2, action: .rename("Two"))) { $0.rows[1].title = "Two" }
    await withExpectedIssue {
      await store.send(.row(id: 3, action: .rename("Three")))
    } matching: { $0.message.contains("an element that is not in the collection (id: 3)") }
  }

  @Test func actionEmbeddingExtractsOnlyItsCase() {
    let embedding = ActionEmbedding(Parent.Action.counter)
    #expect(embedding.extract(.counter(.incrementTapped)) == .incrementTapped)
    #expect(embedding.extract(.editor(.incrementTapped)) == nil)
    #expect(embedding.extract(.openEditor) == nil)
  }
}

/// Reads the clock dependency in the reducer and its effect, to check `.dependency`.
struct ClockReader: Reducer {
  struct State: Equatable, Sendable { var reads: [String] = [] }
  enum Action: Equatable, Sendable { case read, readInEffect, effectRead(String) }
  @Dependency(\.context) var context

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .read:
      state.reads.append("\(context)")
      return .none
    case .readInEffect:
      return .run { send in await send(.effectRead("\(context)")) }
    case let .effectRead(value):
      state.reads.append(value)
      return .none
    }
  }
}

/// Explored: each test runs in 20 seeded interleavings of its jobs, and must pass in every one.
@Suite(.interleavings(20)) struct DependencyModifierTests {
  @Test func dependencyModifierReachesTheReducerAndItsEffects() async {
    let store = TestStore(initialState: ClockReader.State()) {
      ClockReader().dependency(\.context, .preview)
    }
    await store.send(.read) { $0.reads = ["preview"] }
    await store.send(.readInEffect)
    await store.receive(.effectRead("preview")) { $0.reads.append("preview") }
  }

  @Test func withoutTheModifierTheTestContextApplies() async {
    let store = TestStore(initialState: ClockReader.State()) { ClockReader() }
    await store.send(.read) { $0.reads = ["test"] }
  }
}
