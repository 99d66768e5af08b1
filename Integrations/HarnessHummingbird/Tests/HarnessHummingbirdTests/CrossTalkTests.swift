import Foundation
import Harness
import HarnessHummingbird
import HarnessTesting
import Hummingbird
import HummingbirdTesting
import Testing

/// Many requests at once, each with a tenant of its own: every one must see only its own request
/// id and tenant, before and after suspending and in a child task, and every id must be distinct.
@Suite struct CrossTalkTests {
  /// What one request's handler saw, parsed from `/whoami-later`.
  struct Seen: Equatable {
    var id: String
    var lines: [String]

    init(_ body: String) {
      let parts = body.components(separatedBy: " | ")
      id = parts.first ?? ""
      lines = Array(parts.dropFirst())
    }
  }

  static func check(_ body: String, tenant: String) -> String? {
    let seen = Seen(body)
    let expected = "\(seen.id) \(tenant)"
    guard !seen.id.isEmpty, seen.lines == [expected, expected, expected] else {
      return "tenant \(tenant) got \(body)"
    }
    return nil
  }

  @Test func thousandsOfConcurrentRequestsThroughTheRouterSeeOnlyTheirOwnValues() async throws {
    let requests = 4000
    try await TestApplications.application().test(.router) { client in
      let (leaks, ids) = try await withThrowingTaskGroup(of: (String?, String).self) { group in
        for index in 0..<requests {
          group.addTask {
            let tenant = "tenant-\(index)"
            let response = try await client.execute(uri: "/whoami-later", method: .get, headers: [.tenant: tenant])
            let body = String(buffer: response.body)
            return (Self.check(body, tenant: tenant), Seen(body).id)
          }
        }
        var leaks: [String] = []
        var ids: Set<String> = []
        for try await (leak, id) in group {
          if let leak { leaks.append(leak) }
          ids.insert(id)
        }
        return (leaks, ids)
      }
      #expect(leaks.isEmpty, "\(leaks.count) leaks, first: \(leaks.prefix(3))")
      #expect(ids.count == requests, "every request has an id of its own")
    }
  }

  @Test func thousandsOfRequestsOnConcurrentLoopbackConnectionsSeeOnlyTheirOwnValues() async throws {
    let connections = 8
    let requestsPerConnection = 250
    try await TestApplications.application().test(.live) { client in
      let port = try #require(client.port)
      let (leaks, ids) = try await withThrowingTaskGroup(of: ([String], [String]).self) { group in
        for connection in 0..<connections {
          group.addTask {
            let loopback = TestClient(host: "127.0.0.1", port: port, configuration: .init(timeout: .seconds(30)))
            loopback.connect()
            var leaks: [String] = []
            var ids: [String] = []
            do {
              for index in 0..<requestsPerConnection {
                let tenant = "tenant-\(connection)-\(index)"
                let response = try await loopback.get("/whoami-later", headers: [.tenant: tenant, .connection: "keep-alive"])
                let body = response.body.map { String(buffer: $0) } ?? ""
                if let leak = Self.check(body, tenant: tenant) { leaks.append(leak) }
                ids.append(Seen(body).id)
              }
            } catch {
              try await loopback.shutdown()
              throw error
            }
            try await loopback.shutdown()
            return (leaks, ids)
          }
        }
        var leaks: [String] = []
        var ids: Set<String> = []
        for try await (someLeaks, someIDs) in group {
          leaks += someLeaks
          ids.formUnion(someIDs)
        }
        return (leaks, ids)
      }
      #expect(leaks.isEmpty, "\(leaks.count) leaks, first: \(leaks.prefix(3))")
      #expect(ids.count == connections * requestsPerConnection)
    }
  }
}
