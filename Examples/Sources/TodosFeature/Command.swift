/// One line typed at the Todos prompt, parsed.
public enum Command: Equatable, Sendable {
  case add(String)
  case edit(Int, String)
  case complete(Int)
  case delete(Int)
  case move(Int, Int)
  case clearCompleted
  case filter(Filter)
  case editMode(EditMode)
  case list
  case help
  case quit

  /// Parses `line`; throws a message that says what is wrong and what would be right.
  public init(parsing line: String) throws(CommandError) {
    let trimmed = line.trimmingPrefix(while: \.isWhitespace)
    let word = trimmed.prefix(while: { !$0.isWhitespace })
    let rest = String(trimmed.dropFirst(word.count).trimmingPrefix(while: \.isWhitespace))
    let arguments = rest.split(separator: " ", omittingEmptySubsequences: true).map(String.init)

    func number(_ text: String?) throws(CommandError) -> Int {
      guard let text, let value = Int(text), value > 0 else {
        throw CommandError("'\(word)' needs a todo number from the list, e.g. '\(word) 1'")
      }
      return value
    }

    switch word.lowercased() {
    case "add":
      guard !rest.allSatisfy(\.isWhitespace) else {
        throw CommandError("'add' needs the todo's text, e.g. 'add Buy milk'")
      }
      self = .add(rest)
    case "edit":
      let index = try number(arguments.first)
      let text = String(rest.drop(while: { !$0.isWhitespace }).trimmingPrefix(while: \.isWhitespace))
      guard !text.allSatisfy(\.isWhitespace) else {
        throw CommandError("'edit' needs the new text after the number, e.g. 'edit \(index) Buy oat milk'")
      }
      self = .edit(index, text)
    case "complete", "toggle", "done":
      self = .complete(try number(arguments.first))
    case "delete", "rm":
      self = .delete(try number(arguments.first))
    case "move", "mv":
      guard arguments.count == 2 else { throw CommandError("'move' needs two numbers: 'move FROM TO'") }
      self = .move(try number(arguments[0]), try number(arguments[1]))
    case "clear":
      self = .clearCompleted
    case "filter":
      guard let filter = arguments.first.flatMap(Filter.init(rawValue:)) else {
        throw CommandError("'filter' takes one of: all, active, completed")
      }
      self = .filter(filter)
    case "edit-mode":
      switch arguments.first {
      case "on": self = .editMode(.active)
      case "off": self = .editMode(.inactive)
      default: throw CommandError("'edit-mode' takes 'on' or 'off'")
      }
    case "list", "ls", "":
      self = .list
    case "help", "?":
      self = .help
    case "quit", "exit", "q":
      self = .quit
    default:
      throw CommandError("Unknown command '\(word)'. Type 'help' for the list of commands.")
    }
  }

  /// The actions this command sends, given the current state (numbers refer to the shown list).
  /// `add` sends `.addButtonTapped`; its text goes to the new todo once it exists.
  public func actions(for state: TodosFeature.State) throws(CommandError) -> [TodosFeature.Action] {
    func id(_ number: Int) throws(CommandError) -> Todo.State.ID {
      let shown = state.filteredTodos
      guard shown.indices.contains(number - 1) else {
        throw CommandError("There is no todo number \(number); the list shows \(shown.count).")
      }
      return shown[number - 1].id
    }
    switch self {
    case .add:
      return [.addButtonTapped]
    case let .edit(number, text):
      return [.todo(id: try id(number), action: .textFieldChanged(text))]
    case let .complete(number):
      return [.todo(id: try id(number), action: .checkBoxToggled)]
    case let .delete(number):
      return [.delete(id: try id(number))]
    case let .move(from, to):
      let source = try id(from)
      let destination = try id(to)
      guard let sourceIndex = state.todos.firstIndex(where: { $0.id == source }),
        let destinationIndex = state.todos.firstIndex(where: { $0.id == destination })
      else { return [] }
      return [.move(from: sourceIndex, to: destinationIndex)]
    case .clearCompleted:
      return [.clearCompletedButtonTapped]
    case let .filter(filter):
      return [.filterPicked(filter)]
    case let .editMode(mode):
      return [.editModeChanged(mode)]
    case .list, .help, .quit:
      return []
    }
  }
}

/// A command that could not be parsed or applied, with the message to show.
public struct CommandError: Error, Equatable, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}
