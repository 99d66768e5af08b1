import Foundation
import Harness

/// The game server's routes.
public enum ServerRoute: Equatable, Sendable {
  public enum DailyChallenge: Equatable, Sendable {
    /// Today's challenges and the player's results.
    case today(language: Language)
  }

  case dailyChallenge(DailyChallenge)
}

/// Talks to the game server: one endpoint for every route.
public struct APIClient: Sendable {
  /// The response body for `route`.
  public var apiRequest: @Sendable (ServerRoute) async throws -> Data

  public init(apiRequest: @escaping @Sendable (ServerRoute) async throws -> Data) {
    self.apiRequest = apiRequest
  }

  /// The response for `route`, decoded from JSON.
  public func apiRequest<Value: Decodable>(route: ServerRoute, as _: Value.Type) async throws -> Value {
    try JSONDecoder().decode(Value.self, from: await apiRequest(route))
  }

  /// Answers `route` with `response`; every other route goes to the endpoint as it was. A test
  /// overrides just the routes the feature should call, and the rest stay unimplemented.
  public mutating func override(
    route: ServerRoute,
    withResponse response: @escaping @Sendable () async throws -> Data
  ) {
    let fallback = apiRequest
    apiRequest = { requested in
      requested == route ? try await response() : try await fallback(requested)
    }
  }
}

/// A JSON response body for `value`, as the server would send it.
public func OK(_ value: some Encodable) throws -> Data {
  try JSONEncoder().encode(value)
}

extension APIClient: DependencyKey {
  /// There is no game server for this example: every request fails, saying so.
  public static let liveValue = APIClient { route in
    throw URLError(.cannotConnectToHost, userInfo: [NSLocalizedDescriptionKey: "There is no game server for this example (asked for \(route)); run with --preview."])
  }

  /// Every route unimplemented: a test overrides the ones it expects.
  public static let testValue = APIClient(apiRequest: unimplemented("APIClient.apiRequest"))

  /// Empty answers (a JSON empty array), at once.
  public static let noop = APIClient { _ in Data("[]".utf8) }

  public static var previewValue: APIClient { .noop }
}

extension DependencyValues {
  /// The game server.
  public var apiClient: APIClient {
    get { self[APIClient.self] }
    set { self[APIClient.self] = newValue }
  }
}
