#if Servers
import Foundation
import Harness
import HarnessTesting
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
import TodosServer

/// What every answer looks like: JSON with its keys sorted and a newline at the end, a JSON 405
/// (with `Allow`) for a method a path does not take, a JSON 404 for a path no route has, and
/// one log line per request.
@Suite(.dependencies {
  $0.uuid = .incrementing
  $0.date = .constant(testDate)
})
struct ResponseFormatTests {
  @Test(arguments: [TestingSetup.router, .live])
  func keysAreSortedAndTheBodyEndsWithANewline(setup: TestingSetup) async throws {
    try await todosApplication().test(setup) { client in
      let expected = #"{"createdAt":"2023-11-14T22:13:20Z","id":"\#(UUID(0))","isComplete":false,"title":"Buy milk"}"# + "\n"
      let created = try await client.send(.post, "/todos", json: #"{"title": "Buy milk"}"#)
      #expect(String(buffer: created.body) == expected)
      let patched = try await client.send(.patch, "/todos/\(UUID(0))", json: #"{"title": "Buy milk"}"#)
      #expect(String(buffer: patched.body) == expected)
      let listed = try await client.send(.get, "/todos")
      #expect(String(buffer: listed.body) == "[" + expected.dropLast() + "]\n")
      let bad = try await client.send(.post, "/todos", json: #"{"title": 42}"#)
      #expect(String(buffer: bad.body) == #"{"error":{"message":"Field 'title' must be a string"}}"# + "\n")
    }
  }

  @Test(arguments: [TestingSetup.router, .live])
  func aMethodThePathDoesNotTakeIs405WithAllow(setup: TestingSetup) async throws {
    try await todosApplication().test(setup) { client in
      let put = try await client.send(.put, "/todos", json: #"{"title": "Buy milk"}"#)
      #expect(put.status == .methodNotAllowed)
      #expect(put.headers[.allow] == "GET, POST")
      #expect(put.headers[.contentType] == "application/json; charset=utf-8")
      #expect(errorMessage(put) == "PUT is not allowed on /todos; use GET or POST")
      #expect(String(buffer: put.body) == #"{"error":{"message":"PUT is not allowed on /todos; use GET or POST"}}"# + "\n")

      let getOne = try await client.send(.get, "/todos/\(UUID(0))")
      #expect(getOne.status == .methodNotAllowed)
      #expect(getOne.headers[.allow] == "DELETE, PATCH")

      // The literal path wins over the capture, as the router picks it.
      let getClear = try await client.send(.get, "/todos/clear-completed")
      #expect(getClear.status == .methodNotAllowed)
      #expect(getClear.headers[.allow] == "POST")
    }
  }

  @Test func aPathNoRouteHasIsAJSON404() async throws {
    try await todosApplication().test(.router) { client in
      let response = try await client.send(.get, "/todo")
      #expect(response.status == .notFound)
      #expect(errorMessage(response) == "No route for GET /todo")
    }
  }

  @Test func eachRequestIsLoggedInOneLineWithItsID() async throws {
    let lines = LockIsolated<[String]>([])
    let logger = Logger(label: "ResponseFormatTests") { _ in LineCollector(lines: lines) }
    try await TodosApplication.make(port: 0, logger: logger).test(.router) { client in
      try await client.send(.post, "/todos", json: #"{"title": "Buy milk"}"#)
      try await client.send(.put, "/todos")
      try await client.send(.get, "/todos")
    }
    let requestLines = lines.value.filter { $0.contains("hb.request.id=") }
    #expect(requestLines.count == 3)
    #expect(requestLines.map { $0.components(separatedBy: " | ")[0] } == ["POST /todos 201", "PUT /todos 405", "GET /todos 200"])
  }
}

/// Keeps each `info` (or more severe) line as `message | metadata`.
private struct LineCollector: LogHandler {
  let lines: LockIsolated<[String]>
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .info

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    let all = metadata.merging(event.metadata ?? [:]) { $1 }
    let text = all.keys.sorted().map { "\($0)=\(all[$0]!)" }.joined(separator: " ")
    lines.withValue { $0.append("\(event.message) | \(text)") }
  }
}
#endif
