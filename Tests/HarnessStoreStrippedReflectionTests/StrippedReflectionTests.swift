import HarnessIssues
import HarnessStore
import HarnessTesting
import Testing

/// A feature whose actions carry payloads; this target has no reflection metadata, so `Mirror`
/// cannot see them.
struct Tally: Reducer {
  struct State: Equatable, Sendable { var count = 0 }
  enum Action: Equatable, Sendable { case add(Int) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if case let .add(n) = action { state.count += n }
    return .none
  }
}

struct App: Reducer {
  struct State: Equatable, Sendable {
    var left = Tally.State()
    var right = Tally.State()
  }

  enum Action: Equatable, Sendable {
    case left(Tally.Action)
    case right(Tally.Action)
  }

  let explicit: Bool

  var body: some Reducer<State, Action> {
    if explicit {
      Scope(
        state: \.left,
        action: ActionEmbedding(embed: Action.left, extract: { if case let .left(a) = $0 { a } else { nil } })
      ) { Tally() }
      Scope(
        state: \.right,
        action: ActionEmbedding(embed: Action.right, extract: { if case let .right(a) = $0 { a } else { nil } })
      ) { Tally() }
    } else {
      Scope(state: \.left, action: Action.left) { Tally() }
      Scope(state: \.right, action: Action.right) { Tally() }
    }
  }
}

@Suite struct StrippedReflectionTests {
  @Test func reflectionIsReallyStrippedHere() {
    #expect(Mirror(reflecting: App.Action.left(.add(1))).children.isEmpty)
  }

  @Test func caseConstructorsReportInsteadOfDroppingSilently() async {
    let store = TestStore(initialState: App.State()) { App(explicit: false) }
    await withExpectedIssue {
      await store.send(.left(.add(1)))
    } matching: { issue in
      issue.message.contains("cannot extract 'Tally.Action' from 'App.Action': the runtime has no reflection metadata for 'App.Action'")
        && issue.message.contains("ActionEmbedding(embed: Action.child, extract:")
    }
  }

  @Test func explicitEmbeddingsRouteToTheRightChild() async {
    let store = TestStore(initialState: App.State()) { App(explicit: true) }
    await store.send(.left(.add(1))) { $0.left.count = 1 }
    await store.send(.right(.add(2))) { $0.right.count = 2 }
  }
}
