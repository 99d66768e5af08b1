import HarnessIssues

extension Reducer {
  /// Runs `element` on each element of a collection of child states, addressed by id.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .forEach(\.todos, action: Action.todo) { Todo() }   // case todo(id: Todo.ID, action: Todo.Action)
  /// ```
  public func forEach<ElementState: Identifiable & Sendable, ElementAction: Sendable, Element: Reducer>(
    _ state: WritableKeyPath<State, [ElementState]> & Sendable,
    action: @escaping @Sendable (ElementState.ID, ElementAction) -> Action,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> ForEachReducer<Self, Element>
  where Element.State == ElementState, Element.Action == ElementAction, ElementState.ID: Sendable {
    ForEachReducer(
      parent: self,
      element: element(),
      state: state,
      action: ActionEmbedding { (pair: (Element.State.ID, Element.Action)) in action(pair.0, pair.1) },
      location: SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// A parent reducer with a collection of child features. See ``Reducer/forEach(_:action:element:fileID:filePath:line:column:)``.
public struct ForEachReducer<Parent: Reducer, Element: Reducer>: Reducer
where Element.State: Identifiable, Element.State.ID: Sendable {
  let parent: Parent
  let element: Element
  let state: WritableKeyPath<Parent.State, [Element.State]> & Sendable
  let action: ActionEmbedding<Parent.Action, (Element.State.ID, Element.Action)>
  let location: SourceCodeLocation

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    var elementEffect = Effect<Parent.Action>.none
    if let (id, elementAction) = self.action.extract(action) {
      if let index = state[keyPath: self.state].firstIndex(where: { $0.id == id }) {
        let embed = self.action.embed
        elementEffect = element.reduce(into: &state[keyPath: self.state][index], action: elementAction)
          .map { embed((id, $0)) }
      } else {
        reportIssue(
          ReportedIssue(
            message: """
              A forEach at \(location.fileID):\(location.line) received an action for an element \
              that is not in the collection (id: \(id)):

                \(action)

              The element was removed before the action arrived. Cancel an element's effects when \
              you remove it, or ignore this action in the parent.
              """,
            location: location
          )
        )
      }
    }
    return .merge(elementEffect, parent.reduce(into: &state, action: action))
  }
}
