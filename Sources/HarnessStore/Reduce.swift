/// A reducer made from a closure, for logic that needs no type of its own.
///
/// <!-- fragment: inside a reducer's body, where State and Action are known -->
/// ```swift
/// Reduce { state, action in
///   switch action {
///   case .clearButtonTapped:
///     state.items.removeAll()
///     return .none
///   default:
///     return .none
///   }
/// }
/// ```
public struct Reduce<State: Sendable, Action: Sendable>: Reducer {
  let reducer: @Sendable (inout State, Action) -> Effect<Action>

  /// A reducer running `reduce` for every action.
  public init(_ reduce: @escaping @Sendable (_ state: inout State, _ action: Action) -> Effect<Action>) {
    self.reducer = reduce
  }

  /// Wraps another reducer, erasing its type.
  public init<R: Reducer>(_ reducer: R) where R.State == State, R.Action == Action {
    self.reducer = { state, action in reducer.reduce(into: &state, action: action) }
  }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reducer(&state, action)
  }
}
