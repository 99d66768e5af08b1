#if Servers
import Foundation
import Harness
import HarnessTesting
import Hummingbird
import HummingbirdTesting
import Testing
import TodosServer

/// Bad input gets a clear answer naming the field and loses nothing: after each bad request the
/// todos are what they were.
@Suite(.dependencies {
  $0.uuid = .incrementing
  $0.date = .constant(testDate)
})
struct BadInputTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var method: HTTPRequest.Method
    var path: String
    var body: String?
    var status: HTTPResponse.Status
    var message: String
    var testDescription: String { "\(method) \(path) \(body ?? "")" }
  }

  static let existing = "/todos/\(UUID(0))"

  static let cases: [Case] = [
    Case(method: .post, path: "/todos", body: #"{"title": "Buy milk""#, status: .badRequest, message: "The body is not valid JSON"),
    Case(method: .post, path: "/todos", body: "", status: .badRequest, message: "The body is not valid JSON"),
    Case(method: .post, path: "/todos", body: #"["Buy milk"]"#, status: .badRequest, message: "The body must be a JSON object"),
    Case(method: .post, path: "/todos", body: #"{"title": 42}"#, status: .badRequest, message: "Field 'title' must be a string"),
    Case(method: .post, path: "/todos", body: #"{"title": null}"#, status: .badRequest, message: "Field 'title' must be a string, not null"),
    Case(method: .post, path: "/todos", body: #"{"titel": "Buy milk"}"#, status: .badRequest, message: "Missing field 'title'"),
    Case(method: .post, path: "/todos", body: #"{"title": "   "}"#, status: .badRequest, message: "Field 'title' must not be empty"),
    Case(method: .post, path: "/todos", body: #"{"title": "a", "isComplete": "yes"}"#, status: .badRequest, message: "Field 'isComplete' must be true or false"),
    Case(method: .patch, path: existing, body: #"{"isComplete": 1}"#, status: .badRequest, message: "Field 'isComplete' must be true or false"),
    Case(method: .patch, path: existing, body: #"{"title": ""}"#, status: .badRequest, message: "Field 'title' must not be empty"),
    Case(method: .patch, path: existing, body: "{}", status: .badRequest, message: "Nothing to change: send 'title' or 'isComplete'"),
    Case(method: .patch, path: existing, body: "{", status: .badRequest, message: "The body is not valid JSON"),
    Case(method: .patch, path: "/todos/42", body: #"{"isComplete": true}"#, status: .badRequest, message: "Path parameter 'id' must be a UUID, not '42'"),
    Case(method: .delete, path: "/todos/not-a-uuid", body: nil, status: .badRequest, message: "Path parameter 'id' must be a UUID, not 'not-a-uuid'"),
    Case(
      method: .post, path: "/todos", body: #"{"title": "\#(String(repeating: "x", count: JSONBody.maxSize))"}"#,
      status: .contentTooLarge, message: "The body is larger than \(JSONBody.maxSize) bytes"),
  ]

  @Test(arguments: cases)
  func badInputIsAnsweredAndChangesNothing(_ bad: Case) async throws {
    try await todosApplication().test(.router) { client in
      try await client.send(.post, "/todos", json: #"{"title": "Buy milk"}"#)
      let before = try await client.todos()
      let response = try await client.send(bad.method, bad.path, json: bad.body)
      #expect(response.status == bad.status)
      #expect(errorMessage(response) == bad.message)
      #expect(try await client.todos() == before)
    }
  }

  @Test func anOversizedBodyIs413OnALiveConnectionToo() async throws {
    try await todosApplication().test(.live) { client in
      let body = #"{"title": "\#(String(repeating: "x", count: 100_000))"}"#
      let response = try await client.send(.post, "/todos", json: body)
      #expect(response.status == .contentTooLarge)
      #expect(try await client.todos() == [])
    }
  }

  @Test(.dependency(\.uuid, .constant(UUID(1))))
  func aFailedWriteLeavesTheDatabaseUnchanged() async throws {
    try await todosApplication().test(.router) { client in
      #expect(try await client.send(.post, "/todos", json: #"{"title": "first"}"#).status == .created)
      let duplicate = try await client.send(.post, "/todos", json: #"{"title": "second"}"#)
      #expect(duplicate.status == .conflict)
      #expect(errorMessage(duplicate) == "A todo with id \(UUID(1)) already exists")
      #expect(try await client.todos() == [Todo(id: UUID(1), title: "first", createdAt: testDate)])
    }
  }
}
#endif
