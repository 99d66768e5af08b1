/// The terminal rendering of the todo list: a header with counts and the filter, then one
/// numbered line per shown todo. The numbers are what commands refer to.
///
///     Todos: 1 active, 1 completed (filter: all)
///       1. [ ] Buy milk
///       2. [x] Write the report
public func render(_ state: TodosFeature.State) -> String {
  let completed = state.todos.filter(\.isComplete).count
  var lines = [
    "Todos: \(state.todos.count - completed) active, \(completed) completed (filter: \(state.filter.rawValue)"
      + (state.editMode == .active ? ", editing" : "") + ")"
  ]
  let shown = state.filteredTodos
  if shown.isEmpty {
    lines.append(state.todos.isEmpty ? "  Nothing to do. Add a todo with: add TEXT" : "  No \(state.filter.rawValue) todos.")
  }
  let width = String(shown.count).count
  for (offset, todo) in shown.enumerated() {
    let number = String(offset + 1)
    let padding = String(repeating: " ", count: width - number.count)
    let description = todo.description.isEmpty ? "(untitled)" : todo.description
    lines.append("  \(padding)\(number). [\(todo.isComplete ? "x" : " ")] \(description)")
  }
  return lines.joined(separator: "\n")
}

/// The commands the app understands, for `help`.
public let commandHelp = """
  Commands (N is a number from the list):
    add TEXT          add a todo at the top
    edit N TEXT       change a todo's text
    complete N        mark a todo done, or not done again (sorted to the bottom after 1s)
    delete N          delete a todo
    move N M          move todo N to position M
    clear             delete all completed todos
    filter all|active|completed
    edit-mode on|off  rearranging mode (recorded with deletions)
    list              show the list
    help              show this help
    quit              save and leave (end of input does the same)
  """
