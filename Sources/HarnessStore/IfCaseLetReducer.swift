import HarnessDump
import HarnessIssues

extension Reducer {
  /// Runs `child` on the state held in one case of an enum state, while the state is in that
  /// case, before this reducer. The child's effects end when the state leaves the case (or an
  /// `Identifiable` child is replaced by one with another `id`); a child action arriving while
  /// the state is in another case is reported, naming the current case.
  ///
  /// <!-- fragment: a parent reducer's body; LoggedIn and LoggedOut are the child features -->
  /// ```swift
  /// enum State { case loggedIn(LoggedIn.State), loggedOut(LoggedOut.State) }
  /// Reduce { state, action in … }
  ///   .ifCaseLet(State.loggedIn, action: Action.loggedIn) { LoggedIn() }
  /// ```
  public func ifCaseLet<ChildState: Sendable, ChildAction: Sendable, Child: Reducer>(
    _ state: @escaping @Sendable (ChildState) -> State,
    action: @escaping @Sendable (ChildAction) -> Action,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> IfCaseLetReducer<Self, Child> where Child.State == ChildState, Child.Action == ChildAction {
    ifCaseLet(
      CaseEmbedding(state, fileID: fileID, filePath: filePath, line: line, column: column),
      action: ActionEmbedding(action, fileID: fileID, filePath: filePath, line: line, column: column),
      then: child,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }

  /// `ifCaseLet` with explicit embeddings for the state case and the child actions.
  public func ifCaseLet<ChildState: Sendable, ChildAction: Sendable, Child: Reducer>(
    _ state: CaseEmbedding<State, ChildState>,
    action: ActionEmbedding<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> IfCaseLetReducer<Self, Child> where Child.State == ChildState, Child.Action == ChildAction {
    IfCaseLetReducer(
      parent: self,
      child: child(),
      state: state,
      action: action,
      location: SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// A parent reducer whose enum state holds a child feature in one case. See
/// ``Reducer/ifCaseLet(_:action:then:fileID:filePath:line:column:)-((ChildState)->Self.State,_,_,_,_,_,_)``.
public struct IfCaseLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  let parent: Parent
  let child: Child
  let state: CaseEmbedding<Parent.State, Child.State>
  let action: ActionEmbedding<Parent.Action, Child.Action>
  let location: SourceCodeLocation

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let holder = HolderLocation(location)
    let before = self.state.extract(state).map { ChildLifetime(holder: holder, child: $0) }
    var childEffect = Effect<Parent.Action>.none
    if let childAction = self.action.extract(action) {
      childEffect = reduceChild(into: &state, action: childAction, lifetime: before, parentAction: action)
    }
    let parentEffect = parent.reduce(into: &state, action: action)
    guard let before else { return .merge(childEffect, parentEffect) }
    let after = self.state.extract(state).map { ChildLifetime(holder: holder, child: $0) }
    guard after != before else { return .merge(childEffect, parentEffect) }
    return .merge(childEffect, parentEffect, before.end())
  }

  private func reduceChild(
    into state: inout Parent.State,
    action childAction: Child.Action,
    lifetime: ChildLifetime?,
    parentAction: Parent.Action
  ) -> Effect<Parent.Action> {
    guard let lifetime, var childState = self.state.extract(state) else {
      CaseMismatch.report(
        holder: "An ifCaseLet",
        state: state,
        parentAction: parentAction,
        location: location
      )
      return .none
    }
    let effect = child.reduce(into: &childState, action: childAction).map(self.action.embed)
    state = self.state.embed(childState)
    return lifetime.own(effect)
  }
}

/// Where an `ifCaseLet` or enum `Scope` was written: what tells two of them apart.
struct HolderLocation: Hashable, Sendable {
  let fileID: String
  let line: UInt
  let column: UInt

  init(_ location: SourceCodeLocation) {
    fileID = location.fileID
    line = location.line
    column = location.column
  }
}

/// A child action for a case of an enum state that is not the current one.
enum CaseMismatch {
  static func report(holder: String, state: some Any, parentAction: some Any, location: SourceCodeLocation) {
    let current = EnumTag.caseName(of: state).map { ".\($0)" } ?? dumpOneLine(state)
    reportIssue(
      ReportedIssue(
        message: """
          \(holder) at \(location.fileID):\(location.line) received a child action while the \
          state was in another case (\(current)). \(describeAction(parentAction))

          Possible causes:
          • a parent reducer changed the state's case before this action arrived;
          • an effect of the child sent it after the state left the child's case (its effects \
          are cancelled then; one that outlives them must not send to the child);
          • it was sent before the state entered the child's case.
          """,
        location: location
      )
    )
  }
}
