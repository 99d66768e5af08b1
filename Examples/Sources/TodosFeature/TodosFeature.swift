import Foundation
import Harness
import HarnessStore

/// The todo list: add, edit, complete (sorted to the bottom after a second without further
/// completions), delete, move, clear completed, filter.
public struct TodosFeature: Reducer {
  public struct State: Equatable, Sendable {
    public var todos: [Todo.State]
    public var filter: Filter
    public var editMode: EditMode

    public init(todos: [Todo.State] = [], filter: Filter = .all, editMode: EditMode = .inactive) {
      self.todos = todos
      self.filter = filter
      self.editMode = editMode
    }

    /// The todos the current filter shows, in list order.
    public var filteredTodos: [Todo.State] { todos.filter(filter.includes) }
  }

  public enum Action: Equatable, Sendable {
    case addButtonTapped
    case clearCompletedButtonTapped
    case delete(id: Todo.State.ID)
    case editModeChanged(EditMode)
    case filterPicked(Filter)
    case move(from: Int, to: Int)
    case sortCompletedTodos
    case todo(id: Todo.State.ID, action: Todo.Action)
  }

  enum CancelID { case todoCompletion }

  @Dependency(\.analytics) var analytics
  @Dependency(\.continuousClock) var clock
  @Dependency(\.uuid) var uuid

  public init() {}

  public var body: some Reducer<State, Action> {
    Reduce<State, Action> { state, action in
      switch action {
      case .addButtonTapped:
        state.todos.insert(Todo.State(id: uuid()), at: 0)
        return .none

      case .clearCompletedButtonTapped:
        let cleared = state.todos.filter(\.isComplete).count
        state.todos.removeAll(where: \.isComplete)
        return .run { _ in await analytics.track(.clearedCompletedTodos(count: cleared)) }

      case let .delete(id):
        state.todos.removeAll { $0.id == id }
        let editMode = state.editMode
        return .run { _ in await analytics.track(.todoDeleted(editMode: editMode)) }

      case let .editModeChanged(editMode):
        state.editMode = editMode
        return .none

      case let .filterPicked(filter):
        state.filter = filter
        return .none

      case let .move(source, destination):
        guard state.todos.indices.contains(source), (0...state.todos.count).contains(destination)
        else { return .none }
        let todo = state.todos.remove(at: source)
        state.todos.insert(todo, at: min(destination, state.todos.count))
        // A moved todo may now sit above incomplete ones; sort again after the same delay.
        return .run { send in
          try await clock.sleep(for: .milliseconds(100))
          await send(.sortCompletedTodos)
        }
        .cancellable(id: CancelID.todoCompletion, cancelInFlight: true)

      case .sortCompletedTodos:
        // Stable: completed todos sink to the bottom, each group keeps its order.
        state.todos = state.todos.filter { !$0.isComplete } + state.todos.filter(\.isComplete)
        return .none

      case .todo(_, .checkBoxToggled):
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.sortCompletedTodos)
        }
        .cancellable(id: CancelID.todoCompletion, cancelInFlight: true)

      case .todo:
        return .none
      }
    }
    .forEach(\.todos, action: Action.todo) { Todo() }
  }
}
