#if Macros
import HarnessIssues
import HarnessMacros
import HarnessTesting
import Testing

@Suite struct DependencyClientTests {
  @Test func theMemberwiseInitializerTakesEveryEndpointAndKeepsTheDefaults() async throws {
    let client = UserClient(
      fetch: { id in User(id: id, name: "Blob") },
      nickname: { _ in "B" },
      track: { _ in },
      save: { _ in }
    )
    #expect(try await client.fetch(id: 1) == User(id: 1, name: "Blob"))
    #expect(await client.search(query: "B", limit: 3) == [])
    #expect(client.count() == 7)
    #expect(client.nickname(id: 1) == "B")
  }

  @Test func anEndpointStaysAnOverridableClosure() async throws {
    var client = UserClient.noop
    client.fetch = { id in User(id: id, name: "Overridden") }
    // The labelled method and the closure property are the same endpoint.
    #expect(try await client.fetch(id: 2).name == "Overridden")
    #expect(try await client.fetch(2).name == "Overridden")
  }

  @Test func theUnimplementedValueReportsTheEndpointAndItsArgumentsThenThrows() async {
    let client = UserClient()
    await withExpectedIssue {
      await #expect(throws: Unimplemented("UserClient.fetch")) { try await client.fetch(id: 42) }
    } matching: { issue in
      issue.message.hasPrefix("Unimplemented: 'UserClient.fetch'")
        && issue.message.contains("Invoked with:\n    42")
        && issue.message.contains("HarnessMacrosTests/Clients.swift:13")
    }
  }

  @Test func theUnimplementedValueReturnsTheDeclaredDefaultVoidOrNil() async {
    let client = UserClient()
    withExpectedIssue {
      #expect(client.count() == 7)
    } matching: { $0.message.hasPrefix("Unimplemented: 'UserClient.count'") }
    await withExpectedIssue {
      #expect(await client.search(query: "x", limit: 2) == [])
    } matching: { $0.message.hasPrefix("Unimplemented: 'UserClient.search'") && $0.message.contains(#""x", 2"#) }
    withExpectedIssue {
      #expect(client.nickname(id: 3) == nil)
    } matching: { $0.message.hasPrefix("Unimplemented: 'UserClient.nickname'") }
    withExpectedIssue {
      client.track("opened")
    } matching: { $0.message.hasPrefix("Unimplemented: 'UserClient.track'") && $0.message.contains(#""opened""#) }
    await withExpectedIssue {
      await #expect(throws: Unimplemented("UserClient.save")) { try await client.save(User(id: 1, name: "")) }
    } matching: { $0.message.hasPrefix("Unimplemented: 'UserClient.save'") }
  }

  @Test func noopDoesNothingAndReturnsTheDefaults() async throws {
    let client = UserClient.noop
    await #expect(throws: CancellationError.self) { try await client.fetch(id: 1) }
    #expect(await client.search(query: "", limit: 1) == [])
    #expect(client.count() == 7)
    #expect(client.nickname(id: 1) == nil)
    client.track("nothing happens")
    try await client.save(User(id: 1, name: ""))
  }

  @Test func aPublicClientGetsPublicMembers() async throws {
    let client = PublicClient(ping: { host in host == "example.org" })
    #expect(try await client.ping(host: "example.org"))
    await #expect(throws: CancellationError.self) { try await PublicClient.noop.ping(host: "") }
  }
}
#endif
