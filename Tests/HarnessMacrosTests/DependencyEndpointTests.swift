#if Macros
import HarnessIssues
import HarnessMacros
import HarnessTesting
import Testing

// `@DependencyEndpoint` alone, in structs without `@DependencyClient` (swift-dependencies'
// DependencyEndpointTests, in Harness's names): an endpoint gets the unimplemented value, so
// `Client()` compiles and reports the call (then answers with the endpoint's default, if any).

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
  @DependencyEndpoint
  var save: @Sendable (_ id: Int) async throws -> Void = { _ in }
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
  }

  /// swift-dependencies' `testUnimplementedWithDefault`: alone, an endpoint's default answers
  /// after the report, at the endpoint's line; a closure assigned answers without one.
  @Test func anEndpointAloneWithADefaultReportsAndThenAnswersWithIt() async {
    var client = LookupClient()
    withExpectedIssue {
      #expect(client.count() == 42)
    } matching: { issue in
      issue.message.hasPrefix("Unimplemented: 'LookupClient.count'")
        && issue.message.contains("HarnessMacrosTests/DependencyEndpointTests.swift:22")
    }
    client.count = { 7 }
    #expect(client.count() == 7)
    // A throwing one throws after the report, as without a default.
    await withExpectedIssue {
      await #expect(throws: Unimplemented("LookupClient.save")) { try await client.save(id: 1) }
    } matching: { $0.message.hasPrefix("Unimplemented: 'LookupClient.save'") }
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
