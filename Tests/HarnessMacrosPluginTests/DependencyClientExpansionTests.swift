import HarnessMacrosPlugin
import SwiftSyntaxMacros
import SwiftSyntaxMacrosTestSupport
import XCTest

// Golden expansions: the code `@DependencyClient` and `@DependencyEndpoint` write, as written.
final class DependencyClientExpansionTests: XCTestCase {
  let macros: [String: any Macro.Type] = [
    "DependencyClient": DependencyClientMacro.self,
    "DependencyEndpoint": DependencyEndpointMacro.self,
  ]

  func testAClientGetsBothInitializersNoopAndLabelledEndpoints() {
    // A struct of endpoints: what every kind of endpoint becomes. Static and computed properties are left alone.
    assertMacroExpansion(
      """
      @DependencyClient
      struct UserClient: Sendable {
        var fetch: @Sendable (_ id: Int) async throws -> User
        var search: @Sendable (_ query: String, _ limit: Int) async -> [User] = { _, _ in [] }
        var count: @Sendable () -> Int = { 7 }
        var nickname: @Sendable (_ id: Int) -> String?
        var track: @Sendable (String) -> Void
        static let shared = UserClient()
        var isLive: Bool { false }
      }
      """,
      expandedSource: """
      struct UserClient: Sendable {
        var fetch: @Sendable (_ id: Int) async throws -> User

        func fetch(id: Int) async throws -> User {
          try await self.fetch(id)
        }
        var search: @Sendable (_ query: String, _ limit: Int) async -> [User] = { _, _ in [] }

        func search(query: String, limit: Int) async -> [User] {
          await self.search(query, limit)
        }
        var count: @Sendable () -> Int = { 7 }
        var nickname: @Sendable (_ id: Int) -> String?

        func nickname(id: Int) -> String? {
          self.nickname(id)
        }
        var track: @Sendable (String) -> Void
        static let shared = UserClient()
        var isLive: Bool { false }

        init(
          fetch: @escaping @Sendable (_ id: Int) async throws -> User,
          search: @escaping @Sendable (_ query: String, _ limit: Int) async -> [User] = { _, _ in
            []
          },
          count: @escaping @Sendable () -> Int = {
            7
          },
          nickname: @escaping @Sendable (_ id: Int) -> String?,
          track: @escaping @Sendable (String) -> Void
        ) {
          self.fetch = fetch
          self.search = search
          self.count = count
          self.nickname = nickname
          self.track = track
        }

        init() {
          self.fetch = HarnessIssues.unimplemented("UserClient.fetch", fileID: "TestModule/test.swift", filePath: "test.swift", line: 3, column: 7)
          let reportSearch: @Sendable (String, Int) -> Void = HarnessIssues.unimplemented("UserClient.search", fileID: "TestModule/test.swift", filePath: "test.swift", line: 4, column: 7)
          let defaultSearch: @Sendable (_ query: String, _ limit: Int) async -> [User] = { _, _ in
            []
          }
          self.search = { p0, p1 in
            reportSearch(p0, p1)
            return await defaultSearch(p0, p1)
          }
          let reportCount: @Sendable () -> Void = HarnessIssues.unimplemented("UserClient.count", fileID: "TestModule/test.swift", filePath: "test.swift", line: 5, column: 7)
          let defaultCount: @Sendable () -> Int = {
            7
          }
          self.count = {
            reportCount()
            return defaultCount()
          }
          self.nickname = HarnessIssues.unimplemented("UserClient.nickname", placeholder: nil, fileID: "TestModule/test.swift", filePath: "test.swift", line: 6, column: 7)
          self.track = HarnessIssues.unimplemented("UserClient.track", fileID: "TestModule/test.swift", filePath: "test.swift", line: 7, column: 7)
        }

        /// Every endpoint does nothing: returns its default, `Void` or `nil`, or throws `CancellationError`.
        static var noop: Self {
          Self(
            fetch: { _ in
              throw CancellationError()
            },
            search: { _, _ in
              []
            },
            count: {
              7
            },
            nickname: { _ in
              nil
            },
            track: { _ in
            }
          )
        }
      }
      """,
      macros: macros,
      indentationWidth: .spaces(2)
    )
  }

  func testAPublicClientGetsPublicMembers() {
    assertMacroExpansion(
      """
      @DependencyClient
      public struct PingClient: Sendable {
        public var ping: @Sendable (_ host: String, _ port: Int) async throws -> Bool
      }
      """,
      expandedSource: """
      public struct PingClient: Sendable {
        public var ping: @Sendable (_ host: String, _ port: Int) async throws -> Bool

        public func ping(host: String, port: Int) async throws -> Bool {
          try await self.ping(host, port)
        }

        public init(
          ping: @escaping @Sendable (_ host: String, _ port: Int) async throws -> Bool
        ) {
          self.ping = ping
        }

        public init() {
          self.ping = HarnessIssues.unimplemented("PingClient.ping", fileID: "TestModule/test.swift", filePath: "test.swift", line: 3, column: 14)
        }

        /// Every endpoint does nothing: returns its default, `Void` or `nil`, or throws `CancellationError`.
        public static var noop: Self {
          Self(
            ping: { _, _ in
              throw CancellationError()
            }
          )
        }
      }
      """,
      macros: macros,
      indentationWidth: .spaces(2)
    )
  }

  func testAnEndpointWithNamedParametersGetsALabelledMethod() {
    // Unnamed parameters keep no label; an endpoint without named parameters gets no method.
    assertMacroExpansion(
      """
      struct Client {
        @DependencyEndpoint
        var save: (_ user: User, Bool) async throws -> Void
        @DependencyEndpoint
        var log: (String) -> Void
      }
      """,
      expandedSource: """
      struct Client {
        var save: (_ user: User, Bool) async throws -> Void

        func save(user: User, _ p1: Bool) async throws -> Void {
          try await self.save(user, p1)
        }
        var log: (String) -> Void
      }
      """,
      macros: macros,
      indentationWidth: .spaces(2)
    )
  }

  func testDefaultsBecomeDefaultArgumentsAndWhatTheUnimplementedValueReturns() {
    assertMacroExpansion(
      """
      @DependencyClient
      struct SettingsClient {
        var isEnabled: @Sendable () -> Bool = { false }
      }
      """,
      expandedSource: """
      struct SettingsClient {
        var isEnabled: @Sendable () -> Bool = { false }

        init(
          isEnabled: @escaping @Sendable () -> Bool = {
            false
          }
        ) {
          self.isEnabled = isEnabled
        }

        init() {
          let reportIsEnabled: @Sendable () -> Void = HarnessIssues.unimplemented("SettingsClient.isEnabled", fileID: "TestModule/test.swift", filePath: "test.swift", line: 3, column: 7)
          let defaultIsEnabled: @Sendable () -> Bool = {
            false
          }
          self.isEnabled = {
            reportIsEnabled()
            return defaultIsEnabled()
          }
        }

        /// Every endpoint does nothing: returns its default, `Void` or `nil`, or throws `CancellationError`.
        static var noop: Self {
          Self(
            isEnabled: {
              false
            }
          )
        }
      }
      """,
      macros: macros,
      indentationWidth: .spaces(2)
    )
  }

  func testAKeywordLabelIsQuotedWhereItStandsForTheValue() {
    assertMacroExpansion(
      """
      struct WeatherClient {
        @DependencyEndpoint
        var weather: @Sendable (_ for: Location.ID) async throws -> [Day]
      }
      """,
      expandedSource: """
        struct WeatherClient {
          var weather: @Sendable (_ for: Location.ID) async throws -> [Day]

          func weather(for: Location.ID) async throws -> [Day] {
            try await self.weather(`for`)
          }
        }
        """,
      macros: macros,
      indentationWidth: .spaces(2)
    )
  }
}
