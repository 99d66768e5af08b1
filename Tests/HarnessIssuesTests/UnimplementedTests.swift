import HarnessIssues
import Testing

@Suite struct UnimplementedTests {
  struct Client {
    var fetch: @Sendable (Int, String) -> [String]
    var track: @Sendable (String) -> Void
    var load: @Sendable () throws -> Int
    var search: @Sendable (String) async -> [Int]
    var ping: @Sendable () async -> Void
    var download: @Sendable (Int) async throws -> String
  }

  static let line: UInt = #line + 2
  static let client = Client(
    fetch: unimplemented("Client.fetch", placeholder: ["placeholder"]),
    track: unimplemented("Client.track"),
    load: unimplemented("Client.load"),
    search: unimplemented("Client.search", placeholder: []),
    ping: unimplemented("Client.ping"),
    download: unimplemented("Client.download")
  )

  @Test func syncEndpointReportsNameDefinitionAndArguments() {
    let collector = IssueCollector()
    let result = withIssueReporters([collector]) { Self.client.fetch(42, "x") }
    #expect(result == ["placeholder"])
    let issue = collector.issues.first
    #expect(issue?.message.hasPrefix("Unimplemented: 'Client.fetch'") == true)
    #expect(issue?.message.contains("Defined at:\n    HarnessIssuesTests/UnimplementedTests.swift:\(Self.line)") == true)
    #expect(issue?.message.contains("Invoked with:\n    42, \"x\"") == true)
    #expect(issue?.location.line == Self.line)
  }

  @Test func voidEndpointReports() {
    withExpectedIssue {
      Self.client.track("opened")
    } matching: { $0.message.hasPrefix("Unimplemented: 'Client.track'") && $0.message.contains("\"opened\"") }
  }

  @Test func throwingEndpointReportsThenThrows() {
    withExpectedIssue {
      #expect(throws: Unimplemented("Client.load")) { try Self.client.load() }
    } matching: { $0.message.hasPrefix("Unimplemented: 'Client.load'") && $0.message.contains("Invoked with:\n    ()") }
  }

  @Test func asyncEndpointsReport() async throws {
    await withExpectedIssue {
      let results = await Self.client.search("milk")
      #expect(results.isEmpty)
    } matching: { $0.message.hasPrefix("Unimplemented: 'Client.search'") }

    await withExpectedIssue {
      await Self.client.ping()
    } matching: { $0.message.hasPrefix("Unimplemented: 'Client.ping'") }

    await withExpectedIssue {
      await #expect(throws: Unimplemented("Client.download")) { try await Self.client.download(3) }
    } matching: { $0.message.hasPrefix("Unimplemented: 'Client.download'") && $0.message.contains("3") }
  }

  @Test func unimplementedValueReportsAndReturnsPlaceholder() {
    let collector = IssueCollector()
    let value = withIssueReporters([collector]) { unimplemented("Settings.current", placeholder: 5) }
    #expect(value == 5)
    #expect(collector.issues.first?.message.hasPrefix("Unimplemented: 'Settings.current'") == true)
    #expect(collector.issues.first?.message.contains("Invoked with") == false)
  }

  @Test func unimplementedErrorDescribesTheEndpoint() {
    #expect(Unimplemented("Client.load").description == "Unimplemented: 'Client.load'")
  }
}

@Suite struct UnimplementedOverloadTests {
  struct VoidClient {
    var save: @Sendable (Int) throws -> Void
    var upload: @Sendable (Int) async throws -> Void
  }

  @Test func throwingVoidEndpointsThrow() async {
    let client = VoidClient(save: unimplemented("VoidClient.save"), upload: unimplemented("VoidClient.upload"))
    withExpectedIssue {
      #expect(throws: Unimplemented("VoidClient.save")) { try client.save(1) }
    } matching: { $0.message.hasPrefix("Unimplemented: 'VoidClient.save'") }
    await withExpectedIssue {
      await #expect(throws: Unimplemented("VoidClient.upload")) { try await client.upload(2) }
    } matching: { $0.message.hasPrefix("Unimplemented: 'VoidClient.upload'") }
  }

  /// An endpoint made without a name still throws an error that says which one it is.
  @Test func anUnnamedThrowingEndpointNamesWhereItWasDefined() {
    let line: UInt = #line + 1
    let load: @Sendable () throws -> Int = unimplemented()
    withExpectedIssue {
      #expect(throws: Unimplemented("endpoint defined at HarnessIssuesTests/UnimplementedTests.swift:\(line)")) {
        try load()
      }
    }
  }
}
