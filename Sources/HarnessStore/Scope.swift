/// Runs a child feature on a part of the parent's state and a case of the parent's actions.
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   Scope(state: \.settings, action: Action.settings) { Settings() }
///   Reduce { state, action in … }
/// }
/// ```
public struct Scope<ParentState: Sendable, ParentAction: Sendable, Child: Reducer>: Reducer {
  let state: WritableKeyPath<ParentState, Child.State> & Sendable
  let action: ActionEmbedding<ParentAction, Child.Action>
  let child: Child

  /// Scopes `child` to `state` and to the actions built by the case constructor `action`.
  public init(
    state: WritableKeyPath<ParentState, Child.State> & Sendable,
    action: @escaping @Sendable (Child.Action) -> ParentAction,
    @ReducerBuilder<Child.State, Child.Action> child: () -> Child
  ) {
    self.init(state: state, action: ActionEmbedding(action), child: child)
  }

  /// Scopes `child` to `state` and to the actions `action` embeds and extracts.
  public init(
    state: WritableKeyPath<ParentState, Child.State> & Sendable,
    action: ActionEmbedding<ParentAction, Child.Action>,
    @ReducerBuilder<Child.State, Child.Action> child: () -> Child
  ) {
    self.state = state
    self.action = action
    self.child = child()
  }

  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = self.action.extract(action) else { return .none }
    return child.reduce(into: &state[keyPath: self.state], action: childAction).map(self.action.embed)
  }
}
