import Foundation
import Harness
import HarnessHummingbird
import HarnessTesting
import Hummingbird
import Logging
import HummingbirdTesting
import Testing

@Suite struct RequestDependenciesMiddlewareTests {
  @Test(arguments: [TestingSetup.router, .live])
  func handlerSeesItsRequestIDLoggerAndOverrides(setup: TestingSetup) async throws {
    try await TestApplications.application().test(setup) { client in
      let response = try await client.execute(uri: "/whoami", method: .get, headers: [.tenant: "acme"])
      #expect(response.status == .ok)
      let parts = String(buffer: response.body).split(separator: " ").map(String.init)
      try #require(parts.count == 4)
      #expect(!parts[0].isEmpty)
      #expect(parts[0] == parts[1], "requestID is Hummingbird's id for the request")
      #expect(parts[2] == parts[1], "the logger carries the id as metadata")
      #expect(parts[3] == "acme", "the update closure's per-request value")
    }
  }

  @Test func withoutTheHeaderTheUpdateClosureSetsItsDefault() async throws {
    try await TestApplications.application().test(.router) { client in
      let response = try await client.execute(uri: "/whoami", method: .get)
      #expect(String(buffer: response.body).hasSuffix(" none"))
    }
  }

  @Test(arguments: [TestingSetup.router, .live])
  func testOverridesReachTheHandler(setup: TestingSetup) async throws {
    try await withDependencies {
      $0.uuid = .constant(UUID(7))
    } operation: {
      try await TestApplications.application().test(setup) { client in
        let response = try await client.execute(uri: "/uuid", method: .get)
        #expect(String(buffer: response.body) == UUID(7).uuidString)
      }
    }
  }

  @Test func outsideARequestTheValuesAreTheDefaults() {
    @Dependency(\.requestID) var requestID
    @Dependency(\.logger) var logger
    #expect(requestID == "")
    #expect(logger[metadataKey: "hb.request.id"] == nil)
  }

  // MARK: The documented limits and their fix

  @Test func aStreamingBodyWriterRunsOutsideTheScopeUnlessItIsCarriedIn() async throws {
    try await TestApplications.application().test(.live) { client in
      let plain = try await client.execute(uri: "/stream", method: .get)
      #expect(String(buffer: plain.body) == "[]", "the writer runs after the handler returned")
      let fixed = try await client.execute(uri: "/stream?fixed=true", method: .get)
      let body = String(buffer: fixed.body)
      #expect(body.count > 2 && body.hasPrefix("[") && body.hasSuffix("]"), "\(body)")
    }
  }

  // Without the fix a detached task reads the process's values (and Harness warns, in a test,
  // that it read them outside any test): only the fix is run here.
  @Test func aDetachedTaskSeesTheScopeWhenItIsCarriedIn() async throws {
    try await TestApplications.application().test(.router) { client in
      let response = try await client.execute(uri: "/detached", method: .get, headers: [.tenant: "acme"])
      let parts = String(buffer: response.body).split(separator: " ").map(String.init)
      try #require(parts.count == 3)
      #expect(!parts[0].isEmpty)
      #expect(parts[1] == parts[0], "the detached task saw the request's id")
      #expect(parts[2] == "acme", "and its own per-request values")
    }
  }
}

/// A logger whose handler keeps no metadata loses Hummingbird's request id: the middleware gives
/// the request an id of its own all the same.
@Suite struct MetadataFreeLoggerTests {
  @Test func eachRequestStillGetsAnIDOfItsOwn() async throws {
    let router = Router()
    router.add(middleware: RequestDependenciesMiddleware())
    router.get("id") { _, _ -> String in
      @Dependency(\.requestID) var requestID
      return requestID
    }
    let app = Application(router: router, logger: Logger(label: "silent") { _ in SwiftLogNoOpLogHandler() })
    try await app.test(.router) { client in
      let first = String(buffer: try await client.execute(uri: "/id", method: .get).body)
      let second = String(buffer: try await client.execute(uri: "/id", method: .get).body)
      #expect(!first.isEmpty)
      #expect(!second.isEmpty)
      #expect(first != second)
    }
  }
}
