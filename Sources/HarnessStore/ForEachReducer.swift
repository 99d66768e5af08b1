import HarnessDump
import HarnessIssues

extension Reducer {
  /// Runs `element` on each element of a collection of child states, addressed by id.
  ///
  /// An element's effects live as long as the element: when it leaves the collection they are
  /// cancelled. Cancellation ids inside an element are the element's own: `.cancel(id:)` in one
  /// element never cancels another's effects.
  ///
  /// <!-- fragment: a parent reducer's body; Todo is the child feature -->
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
    forEach(
      state,
      action: ActionEmbedding(
        { (pair: (ElementState.ID, ElementAction)) in action(pair.0, pair.1) },
        fileID: fileID, filePath: filePath, line: line, column: column
      ),
      element: element,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }

  /// Runs `element` on each element of a collection, with element actions found by an
  /// explicit embedding of `(id, action)` pairs.
  public func forEach<ElementState: Identifiable & Sendable, ElementAction: Sendable, Element: Reducer>(
    _ state: WritableKeyPath<State, [ElementState]> & Sendable,
    action: ActionEmbedding<Action, (ElementState.ID, ElementAction)>,
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
      action: action,
      location: SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// A parent reducer with a collection of child features. See ``Reducer/forEach(_:action:element:fileID:filePath:line:column:)-(_,(ElementState.ID,ElementAction)->Self.Action,_,_,_,_,_)``.
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
        elementEffect = ChildLifetime(holder: self.state, id: id).own(
          element.reduce(into: &state[keyPath: self.state][index], action: elementAction)
            .map { embed((id, $0)) }
        )
      } else {
        reportIssue(
          ReportedIssue(
            message: """
              A forEach at \(location.fileID):\(location.line) received an action for an element \
              that is not in the collection (id: \(String(customDumping: id))). \(describeAction(action))

              Possible causes:
              • a parent reducer removed the element before this action arrived;
              • an in-flight effect of the element sent it after the element was removed \
              (element effects are cancelled on removal; an effect that outlives them must not \
              send to the element);
              • it was sent for an id that was never in the collection.
              """,
            location: location
          )
        )
      }
    }
    let idsBefore = state[keyPath: self.state].map(\.id)
    let parentEffect = parent.reduce(into: &state, action: action)
    let elements = state[keyPath: self.state]
    // Usually the collection is unchanged: compare in order before building a set.
    if elements.count == idsBefore.count, zip(elements, idsBefore).allSatisfy({ $0.id == $1 }) {
      return .merge(elementEffect, parentEffect)
    }
    let remaining = Set(elements.map(\.id))
    let ended = idsBefore.filter { !remaining.contains($0) }.map {
      ChildLifetime(holder: self.state, id: $0).end() as Effect<Parent.Action>
    }
    return .merge([elementEffect, parentEffect] + ended)
  }
}
