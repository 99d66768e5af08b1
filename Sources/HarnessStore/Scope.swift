import HarnessIssues

/// Runs a child feature on a part of the parent's state and a case of the parent's actions.
///
/// <!-- fragment: a parent feature's body; Settings is the child feature -->
/// ```swift
/// var body: some Reducer<State, Action> {
///   Scope(state: \.settings, action: Action.settings) { Settings() }
///   Reduce { state, action in … }
/// }
/// ```
///
/// The part can also be a case of an enum state: `Scope(state: State.loggedIn, action:
/// Action.loggedIn) { LoggedIn() }` runs the child only while the state is in that case (a child
/// action arriving in another case is reported, naming the current case) and cancels the
/// child's effects when it sees the state outside the case: at the first action reduced after
/// the case changed. `ifCaseLet`, which wraps the reducer that changes the case, cancels them in
/// the same action.
public struct Scope<ParentState: Sendable, ParentAction: Sendable, Child: Reducer>: Reducer {
  public typealias State = ParentState
  public typealias Action = ParentAction

  private enum ChildState: Sendable {
    case keyPath(WritableKeyPath<ParentState, Child.State> & Sendable)
    case enumCase(CaseEmbedding<ParentState, Child.State>, SourceCodeLocation)
  }

  private let state: ChildState
  private let action: ActionEmbedding<ParentAction, Child.Action>
  private let child: Child

  /// Scopes `child` to `state` and to the actions built by the case constructor `action`.
  public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState> & Sendable,
    action: @escaping @Sendable (ChildAction) -> ParentAction,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where Child.State == ChildState, Child.Action == ChildAction {
    self.init(
      state: state,
      action: ActionEmbedding(action, fileID: fileID, filePath: filePath, line: line, column: column),
      child: child
    )
  }

  /// Scopes `child` to `state` and to the actions `action` embeds and extracts.
  public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState> & Sendable,
    action: ActionEmbedding<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where Child.State == ChildState, Child.Action == ChildAction {
    self.state = .keyPath(state)
    self.action = action
    self.child = child()
  }

  /// Scopes `child` to the case of an enum state built by `state` (e.g. `State.loggedIn`), and
  /// to the actions built by `action`.
  public init<ChildState, ChildAction>(
    state: @escaping @Sendable (ChildState) -> ParentState,
    action: @escaping @Sendable (ChildAction) -> ParentAction,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where Child.State == ChildState, Child.Action == ChildAction {
    self.init(
      state: CaseEmbedding(state, fileID: fileID, filePath: filePath, line: line, column: column),
      action: ActionEmbedding(action, fileID: fileID, filePath: filePath, line: line, column: column),
      child: child,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }

  /// Scopes `child` to a case of an enum state and to child actions, both by explicit embeddings.
  public init<ChildState, ChildAction>(
    state: CaseEmbedding<ParentState, ChildState>,
    action: ActionEmbedding<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where Child.State == ChildState, Child.Action == ChildAction {
    let location = SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    self.state = .enumCase(state, location)
    self.action = action
    self.child = child()
  }

  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    switch self.state {
    case let .keyPath(keyPath):
      guard let childAction = self.action.extract(action) else { return .none }
      return child.reduce(into: &state[keyPath: keyPath], action: childAction).map(self.action.embed)
    case let .enumCase(embedding, location):
      // The scope sees no other reducer change the case, so it ends the child's effects
      // whenever it finds the state outside the case.
      let lifetime = ChildLifetime(holder: HolderLocation(location), id: 0)
      guard var childState = embedding.extract(state) else {
        if self.action.extract(action) != nil {
          CaseMismatch.report(holder: "A Scope", state: state, parentAction: action, location: location)
        }
        return lifetime.end()
      }
      guard let childAction = self.action.extract(action) else { return .none }
      let effect = child.reduce(into: &childState, action: childAction).map(self.action.embed)
      state = embedding.embed(childState)
      return lifetime.own(effect)
    }
  }
}
