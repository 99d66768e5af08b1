#if Macros
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
        var fetch: @Sendable (_ id: Int) async throws -> User {
          didSet {
            self.fetch = Self._recordingCalls_fetch(self.fetch)
          }
        }

        func fetch(id: Int) async throws -> User {
          try await self.fetch(id)
        }

        private static func _recordingCalls_fetch(_ endpoint: @escaping @Sendable (_ id: Int) async throws -> User) -> @Sendable (_ id: Int) async throws -> User {
          { p0 in
            HarnessIssues.EndpointCalls.record(Self.self, "fetch")
            return try await endpoint(p0)
          }
        }
        var search: @Sendable (_ query: String, _ limit: Int) async -> [User] = { _, _ in [] } {
          didSet {
            self.search = Self._recordingCalls_search(self.search)
          }
        }

        func search(query: String, limit: Int) async -> [User] {
          await self.search(query, limit)
        }

        private static func _recordingCalls_search(_ endpoint: @escaping @Sendable (_ query: String, _ limit: Int) async -> [User]) -> @Sendable (_ query: String, _ limit: Int) async -> [User] {
          { p0, p1 in
            HarnessIssues.EndpointCalls.record(Self.self, "search")
            return await endpoint(p0, p1)
          }
        }
        var count: @Sendable () -> Int = { 7 } {
          didSet {
            self.count = Self._recordingCalls_count(self.count)
          }
        }

        private static func _recordingCalls_count(_ endpoint: @escaping @Sendable () -> Int) -> @Sendable () -> Int {
          {
            HarnessIssues.EndpointCalls.record(Self.self, "count")
            return endpoint()
          }
        }
        var nickname: @Sendable (_ id: Int) -> String? {
          didSet {
            self.nickname = Self._recordingCalls_nickname(self.nickname)
          }
        }

        func nickname(id: Int) -> String? {
          self.nickname(id)
        }

        private static func _recordingCalls_nickname(_ endpoint: @escaping @Sendable (_ id: Int) -> String?) -> @Sendable (_ id: Int) -> String? {
          { p0 in
            HarnessIssues.EndpointCalls.record(Self.self, "nickname")
            return endpoint(p0)
          }
        }
        var track: @Sendable (String) -> Void {
          didSet {
            self.track = Self._recordingCalls_track(self.track)
          }
        }

        private static func _recordingCalls_track(_ endpoint: @escaping @Sendable (String) -> Void) -> @Sendable (String) -> Void {
          { p0 in
            HarnessIssues.EndpointCalls.record(Self.self, "track")
            return endpoint(p0)
          }
        }
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
          self.fetch = Self._recordingCalls_fetch(fetch)
          self.search = Self._recordingCalls_search(search)
          self.count = Self._recordingCalls_count(count)
          self.nickname = Self._recordingCalls_nickname(nickname)
          self.track = Self._recordingCalls_track(track)
        }

        init() {
          self.fetch = Self._recordingCalls_fetch(HarnessIssues.unimplemented("UserClient.fetch", fileID: "TestModule/test.swift", filePath: "test.swift", line: 3, column: 7))
          let reportSearch: @Sendable (String, Int) -> Void = HarnessIssues.unimplemented("UserClient.search", fileID: "TestModule/test.swift", filePath: "test.swift", line: 4, column: 7)
          let defaultSearch = self.search
          self.search = { p0, p1 in
            reportSearch(p0, p1)
            return await defaultSearch(p0, p1)
          }
          self.search = Self._recordingCalls_search(self.search)
          let reportCount: @Sendable () -> Void = HarnessIssues.unimplemented("UserClient.count", fileID: "TestModule/test.swift", filePath: "test.swift", line: 5, column: 7)
          let defaultCount = self.count
          self.count = {
            reportCount()
            return defaultCount()
          }
          self.count = Self._recordingCalls_count(self.count)
          self.nickname = Self._recordingCalls_nickname(HarnessIssues.unimplemented("UserClient.nickname", placeholder: nil, fileID: "TestModule/test.swift", filePath: "test.swift", line: 6, column: 7))
          self.track = Self._recordingCalls_track(HarnessIssues.unimplemented("UserClient.track", fileID: "TestModule/test.swift", filePath: "test.swift", line: 7, column: 7))
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
        public var ping: @Sendable (_ host: String, _ port: Int) async throws -> Bool {
          didSet {
            self.ping = Self._recordingCalls_ping(self.ping)
          }
        }

        public func ping(host: String, port: Int) async throws -> Bool {
          try await self.ping(host, port)
        }

        private static func _recordingCalls_ping(_ endpoint: @escaping @Sendable (_ host: String, _ port: Int) async throws -> Bool) -> @Sendable (_ host: String, _ port: Int) async throws -> Bool {
          { p0, p1 in
            HarnessIssues.EndpointCalls.record(Self.self, "ping")
            return try await endpoint(p0, p1)
          }
        }

        public init(
          ping: @escaping @Sendable (_ host: String, _ port: Int) async throws -> Bool
        ) {
          self.ping = Self._recordingCalls_ping(ping)
        }

        public init() {
          self.ping = Self._recordingCalls_ping(HarnessIssues.unimplemented("PingClient.ping", fileID: "TestModule/test.swift", filePath: "test.swift", line: 3, column: 14))
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
        var save: (_ user: User, Bool) async throws -> Void {
          didSet {
            self.save = Self._recordingCalls_save(self.save)
          }
        }

        func save(user: User, _ p1: Bool) async throws -> Void {
          try await self.save(user, p1)
        }

        private static func _recordingCalls_save(_ endpoint: @escaping (_ user: User, Bool) async throws -> Void) -> (_ user: User, Bool) async throws -> Void {
          { p0, p1 in
            HarnessIssues.EndpointCalls.record(Self.self, "save")
            return try await endpoint(p0, p1)
          }
        }
        var log: (String) -> Void {
          didSet {
            self.log = Self._recordingCalls_log(self.log)
          }
        }

        private static func _recordingCalls_log(_ endpoint: @escaping (String) -> Void) -> (String) -> Void {
          { p0 in
            HarnessIssues.EndpointCalls.record(Self.self, "log")
            return endpoint(p0)
          }
        }
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
        var isEnabled: @Sendable () -> Bool = { false } {
          didSet {
            self.isEnabled = Self._recordingCalls_isEnabled(self.isEnabled)
          }
        }

        private static func _recordingCalls_isEnabled(_ endpoint: @escaping @Sendable () -> Bool) -> @Sendable () -> Bool {
          {
            HarnessIssues.EndpointCalls.record(Self.self, "isEnabled")
            return endpoint()
          }
        }

        init(
          isEnabled: @escaping @Sendable () -> Bool = {
            false
          }
        ) {
          self.isEnabled = Self._recordingCalls_isEnabled(isEnabled)
        }

        init() {
          let reportIsEnabled: @Sendable () -> Void = HarnessIssues.unimplemented("SettingsClient.isEnabled", fileID: "TestModule/test.swift", filePath: "test.swift", line: 3, column: 7)
          let defaultIsEnabled = self.isEnabled
          self.isEnabled = {
            reportIsEnabled()
            return defaultIsEnabled()
          }
          self.isEnabled = Self._recordingCalls_isEnabled(self.isEnabled)
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

  func testEndpointsWhoseCallsCannotBeNotedAreLeftAsWritten() {
    // An `inout` parameter cannot be passed on by the wrapper; endpoints declared together have
    // no accessor of their own. Neither is listed by the usage report.
    assertMacroExpansion(
      """
      @DependencyClient
      struct Client {
        var update: (inout Int) -> Void
        var start: () -> Void = {}, stop: () -> Void = {}
      }
      """,
      expandedSource: """
      struct Client {
        var update: (inout Int) -> Void
        var start: () -> Void = {}, stop: () -> Void = {}

        init(
          update: @escaping (inout Int) -> Void,
          start: @escaping () -> Void = {
          },
          stop: @escaping () -> Void = {
          }
        ) {
          self.update = update
          self.start = start
          self.stop = stop
        }

        init() {
          self.update = HarnessIssues.unimplemented("Client.update", fileID: "TestModule/test.swift", filePath: "test.swift", line: 3, column: 7)
          let reportStart: @Sendable () -> Void = HarnessIssues.unimplemented("Client.start", fileID: "TestModule/test.swift", filePath: "test.swift", line: 4, column: 7)
          let defaultStart = self.start
          self.start = {
            reportStart()
            return defaultStart()
          }
          let reportStop: @Sendable () -> Void = HarnessIssues.unimplemented("Client.stop", fileID: "TestModule/test.swift", filePath: "test.swift", line: 4, column: 31)
          let defaultStop = self.stop
          self.stop = {
            reportStop()
            return defaultStop()
          }
        }

        /// Every endpoint does nothing: returns its default, `Void` or `nil`, or throws `CancellationError`.
        static var noop: Self {
          Self(
            update: { _ in
            },
            start: {
            },
            stop: {
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
        var weather: @Sendable (_ for: Location.ID) async throws -> [Day] {
          didSet {
            self.weather = Self._recordingCalls_weather(self.weather)
          }
        }

        func weather(for: Location.ID) async throws -> [Day] {
          try await self.weather(`for`)
        }

        private static func _recordingCalls_weather(_ endpoint: @escaping @Sendable (_ for: Location.ID) async throws -> [Day]) -> @Sendable (_ for: Location.ID) async throws -> [Day] {
          { p0 in
            HarnessIssues.EndpointCalls.record(Self.self, "weather")
            return try await endpoint(p0)
          }
        }
      }
      """,
      macros: macros,
      indentationWidth: .spaces(2)
    )
  }
}
#endif
