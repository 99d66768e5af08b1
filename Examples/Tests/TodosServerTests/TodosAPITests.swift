#if Servers
import Foundation
import Harness
import HarnessTesting
import Hummingbird
import HummingbirdTesting
import Testing
import TodosServer

/// The handlers, through the router and on a loopback connection, with an in-memory database (the
/// test value, new for each test), `uuid` counting from 0 and a fixed `date`.
@Suite(.dependencies {
  $0.uuid = .incrementing
  $0.date = .constant(testDate)
})
struct TodosAPITests {
  @Test(arguments: [TestingSetup.router, .live])
  func createThenList(setup: TestingSetup) async throws {
    try await todosApplication().test(setup) { client in
      let created = try await client.send(.post, "/todos", json: #"{"title": "  Buy milk "}"#)
      #expect(created.status == .created)
      #expect(try decode(Todo.self, from: created) == Todo(id: UUID(0), title: "Buy milk", createdAt: testDate))
      try await client.send(.post, "/todos", json: #"{"title": "Walk the dog", "isComplete": true}"#)
      #expect(
        try await client.todos() == [
          Todo(id: UUID(0), title: "Buy milk", createdAt: testDate),
          Todo(id: UUID(1), title: "Walk the dog", isComplete: true, createdAt: testDate),
        ])
    }
  }

  @Test func patchChangesOnlyTheFieldsSent() async throws {
    try await todosApplication().test(.router) { client in
      try await client.send(.post, "/todos", json: #"{"title": "Buy milk"}"#)
      let completed = try await client.send(.patch, "/todos/\(UUID(0))", json: #"{"isComplete": true}"#)
      #expect(completed.status == .ok)
      #expect(try decode(Todo.self, from: completed) == Todo(id: UUID(0), title: "Buy milk", isComplete: true, createdAt: testDate))
      let renamed = try await client.send(.patch, "/todos/\(UUID(0))", json: #"{"title": "Buy oat milk"}"#)
      #expect(try decode(Todo.self, from: renamed) == Todo(id: UUID(0), title: "Buy oat milk", isComplete: true, createdAt: testDate))
    }
  }

  @Test func deleteRemovesTheTodo() async throws {
    try await todosApplication().test(.router) { client in
      try await client.send(.post, "/todos", json: #"{"title": "Buy milk"}"#)
      #expect(try await client.send(.delete, "/todos/\(UUID(0))").status == .noContent)
      #expect(try await client.todos() == [])
      let again = try await client.send(.delete, "/todos/\(UUID(0))")
      #expect(again.status == .notFound)
      #expect(errorMessage(again) == "No todo with id \(UUID(0))")
    }
  }

  @Test(arguments: [TestingSetup.router, .live])
  func clearCompletedKeepsTheOpenTodos(setup: TestingSetup) async throws {
    try await todosApplication().test(setup) { client in
      try await client.send(.post, "/todos", json: #"{"title": "a", "isComplete": true}"#)
      try await client.send(.post, "/todos", json: #"{"title": "b"}"#)
      try await client.send(.post, "/todos", json: #"{"title": "c", "isComplete": true}"#)
      let left = try await client.send(.post, "/todos/clear-completed")
      #expect(left.status == .ok)
      let expected = [Todo(id: UUID(1), title: "b", createdAt: testDate)]
      #expect(try decode([Todo].self, from: left) == expected)
      #expect(try await client.todos() == expected)
    }
  }

  @Test func unknownIDsAre404AndChangeNothing() async throws {
    try await todosApplication().test(.router) { client in
      try await client.send(.post, "/todos", json: #"{"title": "Buy milk"}"#)
      let patch = try await client.send(.patch, "/todos/\(UUID(9))", json: #"{"isComplete": true}"#)
      #expect(patch.status == .notFound)
      #expect(errorMessage(patch) == "No todo with id \(UUID(9))")
      #expect(try await client.send(.delete, "/todos/\(UUID(9))").status == .notFound)
      #expect(try await client.todos() == [Todo(id: UUID(0), title: "Buy milk", createdAt: testDate)])
    }
  }

  @Test func titlesAreStoredAsWrittenNeverRunAsSQL() async throws {
    let title = #"x'); DROP TABLE todo; --"#
    try await todosApplication().test(.router) { client in
      let created = try await client.send(.post, "/todos", json: #"{"title": "x'); DROP TABLE todo; --"}"#)
      #expect(created.status == .created)
      #expect(try await client.todos().map(\.title) == [title])
    }
  }
}
#endif
