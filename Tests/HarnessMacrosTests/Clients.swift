#if Macros
import HarnessMacros

// Clients the behaviour tests call; their expansions are in HarnessMacrosPluginTests.

struct User: Equatable, Sendable {
  var id: Int
  var name: String
}

@DependencyClient
struct UserClient: Sendable {
  var fetch: @Sendable (_ id: Int) async throws -> User
  var search: @Sendable (_ query: String, _ limit: Int) async -> [User] = { _, _ in [] }
  var count: @Sendable () -> Int = { 7 }
  var nickname: @Sendable (_ id: Int) -> String?
  var track: @Sendable (String) -> Void
  var save: @Sendable (User) async throws -> Void
}

@DependencyClient
public struct PublicClient: Sendable {
  public var ping: @Sendable (_ host: String) async throws -> Bool
}
#endif
