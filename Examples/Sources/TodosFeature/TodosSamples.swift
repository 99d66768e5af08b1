import Foundation

/// Sample data for previews (`todos --preview`).
public enum TodosSamples {
  public static let todos: [Todo.State] = [
    Todo.State(id: UUID(uuidString: "00000000-0000-0000-0000-00000000000A")!, description: "Buy milk"),
    Todo.State(id: UUID(uuidString: "00000000-0000-0000-0000-00000000000B")!, description: "Call the plumber"),
    Todo.State(
      id: UUID(uuidString: "00000000-0000-0000-0000-00000000000C")!, description: "Write the report",
      isComplete: true),
  ]
}
