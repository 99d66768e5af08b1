#if Macros
import HarnessIssues
import HarnessMacros
import HarnessTesting
import Testing

// `@DependencyEndpoint` alone, in structs without `@DependencyClient` (swift-dependencies'
// DependencyEndpointTests, in Harness's names): an endpoint without a default gets the
// unimplemented value, so `Client()` compiles and reports the call.

struct PingClient: Sendable {
  @DependencyEndpoint
  var ping: @Sendable () -> Void
}

struct LookupClient: Sendable {
  @DependencyEndpoint
  var fetch: @Sendable (_ id: Int) async throws -> Int
  @DependencyEndpoint
  var nickname: @Sendable (_ id: Int) -> String?
  @DependencyEndpoint
  var count: @Sendable () -> Int = { 42 }
}

@Suite struct DependencyEndpointTests {
  @Test func anEndpointAloneWithoutADefaultIsUnimplemented() {
    let client = PingClient()
    withExpectedIssue {
      client.ping()
    } matching: { issue in
      issue.message.hasPrefix("Unimplemented: 'PingClient.ping'")
        && issue.message.contains("HarnessMacrosTests/DependencyEndpointTests.swift:13")
    }
  }

  @Test func aThrowingEndpointAloneThrowsAfterTheReportAndAnOptionalOneReturnsNil() async {
    let client = LookupClient()
    await withExpectedIssue {
      await #expect(throws: Unimplemented("LookupClient.fetch")) { try await client.fetch(id: 7) }
    } matching: { $0.message.hasPrefix("Unimplemented: 'LookupClient.fetch'") && $0.message.contains("Invoked with:\n    7") }
    withExpectedIssue {
      #expect(client.nickname(id: 1) == nil)
    } matching: { $0.message.hasPrefix("Unimplemented: 'LookupClient.nickname'") }
    // An endpoint declared with a default keeps it, as before.
    #expect(client.count() == 42)
  }

  @Test func theMemberwiseInitializerAndAssignmentStillTakeTheEndpoint() async throws {
    let calls = LockIsolated(0)
    var client = LookupClient(fetch: { id in id * 2 }, nickname: { _ in "B" })
    #expect(try await client.fetch(id: 21) == 42)
    #expect(client.nickname(id: 1) == "B")
    client.nickname = { _ in
      calls.withValue { $0 += 1 }
      return "C"
    }
    #expect(client.nickname(id: 1) == "C")
    #expect(calls.value == 1)
    var ping = PingClient()
    ping.ping = { calls.withValue { $0 += 1 } }
    ping.ping()
    #expect(calls.value == 2)
  }
}
#endif
