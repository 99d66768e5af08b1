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
          @storageRestrictions(initializes: _stored_fetch)
          init(initialValue) {
            self._stored_fetch = Self._recordingCalls_fetch(initialValue)
          }
          get {
            self._stored_fetch
          }
          set {
            self._stored_fetch = Self._recordingCalls_fetch(newValue)
          }
        }

        private var _stored_fetch: @Sendable (_ id: Int) async throws -> User

        func fetch(id: Int) async throws -> User {
          try await self.fetch(id)
        }

        private static func _recordingCalls_fetch(_ endpoint: @escaping @Sendable (_ id: Int) async throws -> User) -> @Sendable (_ id: Int) async throws -> User {
          { p0 in
            HarnessIssues.EndpointCalls.record(Self.self, "fetch")
            return try await endpoint(p0)
          }
        }
        var search: @Sendable (_ query: String, _ limit: Int) async -> [User] {
          @storageRestrictions(initializes: _stored_search)
          init(initialValue) {
            self._stored_search = Self._recordingCalls_search(initialValue)
          }
          get {
            self._stored_search
          }
          set {
            self._stored_search = Self._recordingCalls_search(newValue)
          }
        }

        private var _stored_search: @Sendable (_ query: String, _ limit: Int) async -> [User]

        func search(query: String, limit: Int) async -> [User] {
          await self.search(query, limit)
        }

        private static func _recordingCalls_search(_ endpoint: @escaping @Sendable (_ query: String, _ limit: Int) async -> [User]) -> @Sendable (_ query: String, _ limit: Int) async -> [User] {
          { p0, p1 in
            HarnessIssues.EndpointCalls.record(Self.self, "search")
            return await endpoint(p0, p1)
          }
        }
        var count: @Sendable () -> Int {
          @storageRestrictions(initializes: _stored_count)
          init(initialValue) {
            self._stored_count = Self._recordingCalls_count(initialValue)
          }
          get {
            self._stored_count
          }
          set {
            self._stored_count = Self._recordingCalls_count(newValue)
          }
        }

        private var _stored_count: @Sendable () -> Int

        private static func _recordingCalls_count(_ endpoint: @escaping @Sendable () -> Int) -> @Sendable () -> Int {
          {
            HarnessIssues.EndpointCalls.record(Self.self, "count")
            return endpoint()
          }
        }
        var nickname: @Sendable (_ id: Int) -> String? {
          @storageRestrictions(initializes: _stored_nickname)
          init(initialValue) {
            self._stored_nickname = Self._recordingCalls_nickname(initialValue)
          }
          get {
            self._stored_nickname
          }
          set {
            self._stored_nickname = Self._recordingCalls_nickname(newValue)
          }
        }

        private var _stored_nickname: @Sendable (_ id: Int) -> String?

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
          @storageRestrictions(initializes: _stored_track)
          init(initialValue) {
            self._stored_track = Self._recordingCalls_track(initialValue)
          }
          get {
            self._stored_track
          }
          set {
            self._stored_track = Self._recordingCalls_track(newValue)
          }
        }

        private var _stored_track: @Sendable (String) -> Void

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
          self.fetch = fetch
          self.search = search
          self.count = count
          self.nickname = nickname
          self.track = track
        }

        init() {
          self.fetch = HarnessIssues.unimplemented("UserClient.fetch", fileID: "TestModule/test.swift", filePath: "test.swift", line: 3, column: 7)
          let reportSearch: @Sendable (String, Int) -> Void = HarnessIssues.unimplemented("UserClient.search", fileID: "TestModule/test.swift", filePath: "test.swift", line: 4, column: 7)
          let defaultSearch = self._stored_search
          self._stored_search = { p0, p1 in
            reportSearch(p0, p1)
            return await defaultSearch(p0, p1)
          }
          let reportCount: @Sendable () -> Void = HarnessIssues.unimplemented("UserClient.count", fileID: "TestModule/test.swift", filePath: "test.swift", line: 5, column: 7)
          let defaultCount = self._stored_count
          self._stored_count = {
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
        public var ping: @Sendable (_ host: String, _ port: Int) async throws -> Bool {
          @storageRestrictions(initializes: _stored_ping)
          init(initialValue) {
            self._stored_ping = Self._recordingCalls_ping(initialValue)
          }
          get {
            self._stored_ping
          }
          set {
            self._stored_ping = Self._recordingCalls_ping(newValue)
          }
        }

        private var _stored_ping: @Sendable (_ host: String, _ port: Int) async throws -> Bool

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
        var save: (_ user: User, Bool) async throws -> Void {
          @storageRestrictions(initializes: _stored_save)
          init(initialValue) {
            self._stored_save = Self._recordingCalls_save(initialValue)
          }
          get {
            self._stored_save
          }
          set {
            self._stored_save = Self._recordingCalls_save(newValue)
          }
        }

        private var _stored_save: (_ user: User, Bool) async throws -> Void = Self._recordingCalls_save(HarnessIssues.unimplemented("Client.save", fileID: "TestModule/test.swift", filePath: "test.swift", line: 3, column: 7))

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
          @storageRestrictions(initializes: _stored_log)
          init(initialValue) {
            self._stored_log = Self._recordingCalls_log(initialValue)
          }
          get {
            self._stored_log
          }
          set {
            self._stored_log = Self._recordingCalls_log(newValue)
          }
        }

        private var _stored_log: (String) -> Void = Self._recordingCalls_log(HarnessIssues.unimplemented("Client.log", fileID: "TestModule/test.swift", filePath: "test.swift", line: 5, column: 7))

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
        var isEnabled: @Sendable () -> Bool {
          @storageRestrictions(initializes: _stored_isEnabled)
          init(initialValue) {
            self._stored_isEnabled = Self._recordingCalls_isEnabled(initialValue)
          }
          get {
            self._stored_isEnabled
          }
          set {
            self._stored_isEnabled = Self._recordingCalls_isEnabled(newValue)
          }
        }

        private var _stored_isEnabled: @Sendable () -> Bool

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
          self.isEnabled = isEnabled
        }

        init() {
          let reportIsEnabled: @Sendable () -> Void = HarnessIssues.unimplemented("SettingsClient.isEnabled", fileID: "TestModule/test.swift", filePath: "test.swift", line: 3, column: 7)
          let defaultIsEnabled = self._stored_isEnabled
          self._stored_isEnabled = {
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
        var update: (inout Int) -> Void {
          @storageRestrictions(initializes: _stored_update)
          init(initialValue) {
            self._stored_update = initialValue
          }
          get {
            self._stored_update
          }
          set {
            self._stored_update = newValue
          }
        }

        private var _stored_update: (inout Int) -> Void
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
          @storageRestrictions(initializes: _stored_weather)
          init(initialValue) {
            self._stored_weather = Self._recordingCalls_weather(initialValue)
          }
          get {
            self._stored_weather
          }
          set {
            self._stored_weather = Self._recordingCalls_weather(newValue)
          }
        }

        private var _stored_weather: @Sendable (_ for: Location.ID) async throws -> [Day] = Self._recordingCalls_weather(HarnessIssues.unimplemented("WeatherClient.weather", fileID: "TestModule/test.swift", filePath: "test.swift", line: 3, column: 7))

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

  func testAnEndpointAloneWithNothingNeutralToReturnGetsNoUnimplementedValue() {
    // Its unimplemented value would have nothing to return: the struct's initializer takes it
    // (the storage has no initial value).
    assertMacroExpansion(
      """
      struct Client {
        @DependencyEndpoint
        var count: () -> Int
      }
      """,
      expandedSource: """
      struct Client {
        var count: () -> Int {
          @storageRestrictions(initializes: _stored_count)
          init(initialValue) {
            self._stored_count = Self._recordingCalls_count(initialValue)
          }
          get {
            self._stored_count
          }
          set {
            self._stored_count = Self._recordingCalls_count(newValue)
          }
        }

        private var _stored_count: () -> Int

        private static func _recordingCalls_count(_ endpoint: @escaping () -> Int) -> () -> Int {
          {
            HarnessIssues.EndpointCalls.record(Self.self, "count")
            return endpoint()
          }
        }
      }
      """,
      macros: macros,
      indentationWidth: .spaces(2)
    )
  }

  func testAnEndpointAloneWithADefaultReportsAndThenAnswersWithIt() {
    // As swift-dependencies' endpoints: `Client()` reports the call, then answers with the
    // default. The property has no `init` accessor (the initializers would hand it the default),
    // and the storage is internal, so that the memberwise initializer stays internal.
    assertMacroExpansion(
      """
      struct Client {
        @DependencyEndpoint
        var count: (Int) -> Int = { $0 + 1 }
      }
      """,
      expandedSource: """
      struct Client {
        var count: (Int) -> Int {
          get {
            self._stored_count
          }
          set {
            self._stored_count = Self._recordingCalls_count(newValue)
          }
        }

        var _stored_count: (Int) -> Int = Self._recordingCalls_count({ () -> (Int) -> Int in
          let reportCount: @Sendable (Int) -> Void = HarnessIssues.unimplemented("Client.count", fileID: "TestModule/test.swift", filePath: "test.swift", line: 3, column: 7)
          let defaultCount: (Int) -> Int = {
              $0 + 1
            }
          return { p0 in
          reportCount(p0)
          return defaultCount(p0)
            }
          }())

        private static func _recordingCalls_count(_ endpoint: @escaping (Int) -> Int) -> (Int) -> Int {
          { p0 in
            HarnessIssues.EndpointCalls.record(Self.self, "count")
            return endpoint(p0)
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
