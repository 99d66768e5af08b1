import HarnessDependencies
import HarnessIssues
import HarnessTesting
import Testing

/// Where an unimplemented endpoint of a dependency's test value is reported: at the user's
/// `@Dependency` property, with where the endpoint was defined as the message's second place.
struct UnimplementedLocationTests {
  @Test func anEndpointOfAComputedTestValueIsReportedAtTheDependencyProperty() throws {
    let line = #line + 1
    @Dependency(LocatedClient.self) var client
    let collector = IssueCollector()
    withIssueReporters([collector]) { client.track("signed in") }
    let issue = try #require(collector.issues.first)
    #expect(collector.issues.count == 1)
    #expect(issue.location.fileID == "HarnessDependenciesTests/UnimplementedLocationTests.swift")
    #expect(issue.location.line == UInt(line))
    #expect(issue.message.contains("Unimplemented: 'LocatedClient.track'"))
    #expect(issue.message.contains("Defined at:\n    HarnessDependenciesTests/UnimplementedLocationTests.swift:\(LocatedClient.definitionLine)"))
  }

  @Test func theMessageSpellsTheOverrideOfTheEndpoint() throws {
    let line = #line + 1
    @Dependency(\.locatedClient) var client
    let collector = IssueCollector()
    withIssueReporters([collector]) { client.track("signed in") }
    let issue = try #require(collector.issues.first)
    #expect(collector.issues.count == 1)
    #expect(issue.location.line == UInt(line))
    #expect(
      issue.message.hasSuffix(
        """
        A test used an endpoint it did not expect to be used. If the test should use it, override \
        it in the test: withDependencies { $0.locatedClient.track = { … } } operation: { … }, or \
        the same assignment in the .dependencies { … } test trait.
        """))
  }

  @Test func aKeyReadDirectlyIsOverriddenThroughItsSubscript() throws {
    @Dependency(LocatedClient.self) var client
    let collector = IssueCollector()
    withIssueReporters([collector]) { client.track("signed in") }
    let issue = try #require(collector.issues.first)
    #expect(issue.message.contains("withDependencies { $0[LocatedClient.self].track = { … } } operation: { … }"))
  }

  @Test func anEndpointMadeOutsideAnyDependencyReadIsReportedWhereItWasDefined() throws {
    let definitionLine = #line + 1
    let track: @Sendable (String) -> Void = unimplemented("Analytics.track")
    let collector = IssueCollector()
    withIssueReporters([collector]) { track("signed in") }
    let issue = try #require(collector.issues.first)
    #expect(issue.location.line == UInt(definitionLine))
    #expect(issue.message.hasSuffix("Override it in the test (withDependencies, or a test trait) if the test should use it."))
  }

  @Test func aReadSiteFromAnotherTestIsNotUsed() async throws {
    // The endpoint is made while "another test" reads the value: its use here is reported where
    // it was defined, never at a line of a test that is not running.
    let definitionLine = #line + 4
    let elsewhere = SourceCodeLocation(fileID: "Other/OtherTests.swift", filePath: "/Other/OtherTests.swift", line: 7, column: 1)
    let site = UnimplementedReadSite(location: elsewhere, test: .swiftTesting(id: "another test"))
    let track: @Sendable (String) -> Void = UnimplementedReadSite.$current.withValue(site) {
      unimplemented("Analytics.track")
    }
    let collector = IssueCollector()
    withIssueReporters([collector]) { track("signed in") }
    let issue = try #require(collector.issues.first)
    #expect(issue.location.fileID == "HarnessDependenciesTests/UnimplementedLocationTests.swift")
    #expect(issue.location.line == UInt(definitionLine))
  }
}

/// A client whose test value is built anew for each test (a computed `static var`).
private struct LocatedClient: TestDependencyKey {
  var track: @Sendable (String) -> Void

  static let definitionLine = #line + 2
  static var testValue: LocatedClient {
    LocatedClient(track: unimplemented("LocatedClient.track"))
  }
}

extension DependencyValues {
  fileprivate var locatedClient: LocatedClient {
    get { self[LocatedClient.self] }
    set { self[LocatedClient.self] = newValue }
  }
}
