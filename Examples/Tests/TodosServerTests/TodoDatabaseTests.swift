#if Servers
import Foundation
import GRDB
import Testing
import TodosServer

@Suite struct TodoDatabaseTests {
  struct Abort: Error {}

  @Test func aWriteThatFailsHalfwayLeavesNothingBehind() throws {
    let database = try TodoDatabase.inMemory()
    try database.insert(Todo(id: UUID(0), title: "kept", createdAt: testDate))
    #expect(throws: Abort.self) {
      try database.writer.write { db in
        try Todo(id: UUID(1), title: "lost", createdAt: testDate).insert(db)
        try Todo.deleteAll(db)
        throw Abort()
      }
    }
    #expect(try database.all() == [Todo(id: UUID(0), title: "kept", createdAt: testDate)])
  }

  @Test func theFileKeepsTheTodosAndIsMigratedOnce() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("todos-\(UUID()).sqlite").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    do {
      let database = try TodoDatabase.file(path: path)
      try database.insert(Todo(id: UUID(0), title: "Buy milk", createdAt: testDate))
    }
    let reopened = try TodoDatabase.file(path: path)
    #expect(try reopened.all() == [Todo(id: UUID(0), title: "Buy milk", createdAt: testDate)])
    let migrations = try reopened.writer.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") }
    #expect(migrations == ["create todo"])
  }
}
#endif
