import Foundation
import Testing
import TodosFeature

@Suite struct CommandTests {
  @Test func parsesEveryCommand() throws {
    #expect(try Command(parsing: "add Buy milk") == .add("Buy milk"))
    #expect(try Command(parsing: "  edit 2 Oat milk ") == .edit(2, "Oat milk "))
    #expect(try Command(parsing: "complete 1") == .complete(1))
    #expect(try Command(parsing: "delete 3") == .delete(3))
    #expect(try Command(parsing: "move 3 1") == .move(3, 1))
    #expect(try Command(parsing: "clear") == .clearCompleted)
    #expect(try Command(parsing: "filter active") == .filter(.active))
    #expect(try Command(parsing: "edit-mode on") == .editMode(.active))
    #expect(try Command(parsing: "list") == .list)
    #expect(try Command(parsing: "help") == .help)
    #expect(try Command(parsing: "quit") == .quit)
  }

  @Test func badInputSaysWhatIsWrong() {
    #expect(throws: CommandError("Unknown command 'frobnicate'. Type 'help' for the list of commands.")) {
      try Command(parsing: "frobnicate 1")
    }
    #expect(throws: CommandError("'complete' needs a todo number from the list, e.g. 'complete 1'")) {
      try Command(parsing: "complete first")
    }
    #expect(throws: CommandError("'filter' takes one of: all, active, completed")) {
      try Command(parsing: "filter done")
    }
  }

  @Test func blankTextIsRejected() {
    for line in ["add", "add   ", "ADD \t "] {
      #expect(throws: CommandError("'add' needs the todo's text, e.g. 'add Buy milk'")) {
        try Command(parsing: line)
      }
    }
    for line in ["edit 2", "edit 2    "] {
      #expect(throws: CommandError("'edit' needs the new text after the number, e.g. 'edit 2 Buy oat milk'")) {
        try Command(parsing: line)
      }
    }
  }

  @Test func numbersReferToTheShownList() throws {
    let state = TodosFeature.State(
      todos: [
        Todo.State(id: UUID(0), description: "Milk", isComplete: true),
        Todo.State(id: UUID(1), description: "Eggs"),
      ],
      filter: .active
    )
    #expect(try Command.complete(1).actions(for: state) == [.todo(id: UUID(1), action: .checkBoxToggled)])
    #expect(throws: CommandError("There is no todo number 2; the list shows 1.")) {
      try Command.delete(2).actions(for: state)
    }
  }
}
