import HarnessIssues

extension Reducer {
  /// Runs `child` on optional child state while it is present, before this reducer.
  ///
  /// The child's effects live as long as its state: when the state becomes `nil`, or an
  /// `Identifiable` child is replaced by one with another `id`, they are cancelled. A child
  /// action arriving while the state is `nil` is reported.
  ///
  /// <!-- fragment: a parent reducer's body; Editor is the child feature -->
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.editor, action: Action.editor) { Editor() }
  /// ```
  public func ifLet<ChildState: Sendable, ChildAction: Sendable, Child: Reducer>(
    _ state: WritableKeyPath<State, ChildState?> & Sendable,
    action: @escaping @Sendable (ChildAction) -> Action,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> IfLetReducer<Self, Child> where Child.State == ChildState, Child.Action == ChildAction {
    ifLet(
      state,
      action: ActionEmbedding(action, fileID: fileID, filePath: filePath, line: line, column: column),
      then: child,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }

  /// Runs `child` on optional child state while it is present, with the child's actions found
  /// by an explicit embedding.
  public func ifLet<ChildState: Sendable, ChildAction: Sendable, Child: Reducer>(
    _ state: WritableKeyPath<State, ChildState?> & Sendable,
    action: ActionEmbedding<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> IfLetReducer<Self, Child> where Child.State == ChildState, Child.Action == ChildAction {
    IfLetReducer(
      parent: self,
      child: child(),
      state: state,
      action: action,
      location: SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// A parent reducer with an optional child feature. See ``Reducer/ifLet(_:action:then:fileID:filePath:line:column:)-(_,(ChildAction)->Self.Action,_,_,_,_,_)``.
public struct IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  let parent: Parent
  let child: Child
  let state: WritableKeyPath<Parent.State, Child.State?> & Sendable
  let action: ActionEmbedding<Parent.Action, Child.Action>
  let location: SourceCodeLocation

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let before = state[keyPath: self.state].map { ChildLifetime(holder: self.state, child: $0) }
    var childEffect = Effect<Parent.Action>.none
    if let childAction = self.action.extract(action) {
      if let lifetime = before {
        childEffect = lifetime.own(
          child.reduce(into: &state[keyPath: self.state]!, action: childAction).map(self.action.embed)
        )
      } else {
        reportIssue(
          ReportedIssue(
            message: """
              An ifLet at \(location.fileID):\(location.line) received a child action while its \
              state was nil. \(describeAction(action))

              Possible causes:
              • a parent reducer set the child state to nil before this action arrived;
              • an effect of the child sent it after the child was dismissed (its effects are \
              cancelled then; one that outlives them must not send to the child);
              • it was sent before the child state was set.
              """,
            location: location
          )
        )
      }
    }
    let parentEffect = parent.reduce(into: &state, action: action)
    guard let before else { return .merge(childEffect, parentEffect) }
    let after = state[keyPath: self.state].map { ChildLifetime(holder: self.state, child: $0) }
    // Dismissed, or replaced by another child: its effects end with it.
    guard after != before else { return .merge(childEffect, parentEffect) }
    return .merge(childEffect, parentEffect, before.end())
  }
}
