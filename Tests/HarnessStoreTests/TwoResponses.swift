import Harness
import HarnessStore

/// `.onAppear` resets the state and sends two responses, each counting: the fixture of TCA's
/// non-exhaustive receive tests (`NonExhaustiveReceive`), with Harness names.
struct TwoResponses: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    var int = 0
    var string = ""
  }

  enum Action: Equatable, Sendable {
    case onAppear
    case response1(Int)
    case response2(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .onAppear:
      state = State()
      return .merge(.send(.response1(42)), .send(.response2("Hello")))
    case let .response1(int):
      state.count += 1
      state.int = int
      return .none
    case let .response2(string):
      state.count += 1
      state.string = string
      return .none
    }
  }
}
