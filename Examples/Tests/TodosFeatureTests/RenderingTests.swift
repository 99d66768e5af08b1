import Foundation
import Harness
import Testing
import TodosFeature

/// Pins the terminal rendering against text snapshots in `__Snapshots__/`. To accept a new
/// rendering, run the tests with `HARNESS_RECORD_SNAPSHOTS=1` and review the diff in git.
@Suite struct RenderingTests {
  @Test func listWithActiveAndCompletedTodos() throws {
    let state = TodosFeature.State(todos: [
      Todo.State(id: UUID(0), description: "Buy milk"),
      Todo.State(id: UUID(1), description: ""),
      Todo.State(id: UUID(2), description: "Write the report", isComplete: true),
    ])
    try assertSnapshot(render(state), named: "list")
  }

  @Test func emptyAndFilteredLists() throws {
    try assertSnapshot(render(TodosFeature.State()), named: "empty")
    let state = TodosFeature.State(
      todos: [Todo.State(id: UUID(0), description: "Buy milk")],
      filter: .completed,
      editMode: .active
    )
    try assertSnapshot(render(state), named: "filtered-editing")
  }

  func assertSnapshot(
    _ text: String,
    named name: String,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) throws {
    let url = URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent()
      .appendingPathComponent("__Snapshots__/\(name).txt")
    if ProcessInfo.processInfo.environment["HARNESS_RECORD_SNAPSHOTS"] == "1" {
      try text.write(to: url, atomically: true, encoding: .utf8)
      return
    }
    guard let snapshot = try? String(contentsOf: url, encoding: .utf8) else {
      reportIssue(
        "No snapshot at \(url.path). Run the tests with HARNESS_RECORD_SNAPSHOTS=1 to record it.",
        fileID: fileID, filePath: filePath, line: line, column: column
      )
      return
    }
    expectNoDifference(snapshot, text, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
