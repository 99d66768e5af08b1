import HarnessIssues

extension Reducer {
  /// Runs `child` on optional child state while it is present, before this reducer.
  ///
  /// A child action arriving while the child state is `nil` is reported: it usually means an
  /// effect outlived the child (cancel it when dismissing) or an action was sent too late.
  ///
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
    IfLetReducer(
      parent: self,
      child: child(),
      state: state,
      action: ActionEmbedding(action),
      location: SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// A parent reducer with an optional child feature. See ``Reducer/ifLet(_:action:then:fileID:filePath:line:column:)``.
public struct IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  let parent: Parent
  let child: Child
  let state: WritableKeyPath<Parent.State, Child.State?> & Sendable
  let action: ActionEmbedding<Parent.Action, Child.Action>
  let location: SourceCodeLocation

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    var childEffect = Effect<Parent.Action>.none
    if let childAction = self.action.extract(action) {
      if state[keyPath: self.state] != nil {
        childEffect = child.reduce(into: &state[keyPath: self.state]!, action: childAction)
          .map(self.action.embed)
      } else {
        reportIssue(
          ReportedIssue(
            message: """
              An ifLet at \(location.fileID):\(location.line) received a child action while its \
              state was nil:

                \(action)

              The child action arrived after the child state was cleared. Cancel the child's \
              effects when you set its state to nil, or ignore this action in the parent.
              """,
            location: location
          )
        )
      }
    }
    return .merge(childEffect, parent.reduce(into: &state, action: action))
  }
}
