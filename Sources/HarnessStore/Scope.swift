/// Runs a child feature on a part of the parent's state and a case of the parent's actions.
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   Scope(state: \.settings, action: Action.settings) { Settings() }
///   Reduce { state, action in … }
/// }
/// ```
public struct Scope<ParentState: Sendable, ParentAction: Sendable, Child: Reducer>: Reducer {
  public typealias State = ParentState
  public typealias Action = ParentAction

  let state: WritableKeyPath<ParentState, Child.State> & Sendable
  let action: ActionEmbedding<ParentAction, Child.Action>
  let child: Child

  /// Scopes `child` to `state` and to the actions built by the case constructor `action`.
  public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState> & Sendable,
    action: @escaping @Sendable (ChildAction) -> ParentAction,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where Child.State == ChildState, Child.Action == ChildAction {
    self.init(state: state, action: ActionEmbedding(action), child: child)
  }

  /// Scopes `child` to `state` and to the actions `action` embeds and extracts.
  public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState> & Sendable,
    action: ActionEmbedding<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where Child.State == ChildState, Child.Action == ChildAction {
    self.state = state
    self.action = action
    self.child = child()
  }

  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = self.action.extract(action) else { return .none }
    return child.reduce(into: &state[keyPath: self.state], action: childAction).map(self.action.embed)
  }
}
