#if Servers
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import TodosServer

/// The Todos application on a free loopback port, logging nothing.
func todosApplication() -> some ApplicationProtocol {
  TodosApplication.make(port: 0, logger: Logger(label: "TodosServerTests") { _ in SwiftLogNoOpLogHandler() })
}

/// The date every test's `date` dependency gives: whole seconds, as JSON's ISO 8601 dates keep.
let testDate = Date(timeIntervalSince1970: 1_700_000_000)

extension TestClientProtocol {
  /// Sends `body` as JSON.
  @discardableResult
  func send(_ method: HTTPRequest.Method, _ uri: String, json body: String? = nil) async throws -> TestResponse {
    try await execute(
      uri: uri, method: method, headers: body == nil ? [:] : [.contentType: "application/json"],
      body: body.map { ByteBuffer(string: $0) })
  }

  /// `GET /todos`, decoded.
  func todos() async throws -> [Todo] {
    try decode([Todo].self, from: try await send(.get, "/todos"))
  }
}

/// The JSON body of `response` as `T` (dates in ISO 8601, as the server sends them).
func decode<T: Decodable>(_ type: T.Type, from response: TestResponse) throws -> T {
  let decoder = JSONDecoder()
  decoder.dateDecodingStrategy = .iso8601
  return try decoder.decode(T.self, from: Data(response.body.readableBytesView))
}

/// The `message` of an error response (`{"error": {"message": "…"}}`).
func errorMessage(_ response: TestResponse) -> String {
  struct Body: Decodable {
    struct Error: Decodable { var message: String }
    var error: Error
  }
  return (try? JSONDecoder().decode(Body.self, from: Data(response.body.readableBytesView)).error.message)
    ?? "(no message: \(String(buffer: response.body)))"
}
#endif
