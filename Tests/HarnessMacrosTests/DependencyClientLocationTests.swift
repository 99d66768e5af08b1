#if Macros
import HarnessDependencies
import HarnessIssues
import HarnessMacros
import HarnessTesting
import Testing

/// An unimplemented `@DependencyClient` endpoint read through `@Dependency` is located at that
/// property, as a hand-written client's is, and its message spells the override.
@Suite struct DependencyClientLocationTests {
  @Test func anEndpointIsReportedAtTheDependencyPropertyWithItsOverride() async throws {
    let line = #line + 1
    @Dependency(\.userClient) var client
    let collector = IssueCollector()
    withIssueReporters([collector]) { client.track("opened") }
    #expect(collector.issues.count == 1)
    let issue = try #require(collector.issues.first)
    #expect(issue.location.fileID == "HarnessMacrosTests/DependencyClientLocationTests.swift")
    #expect(issue.location.line == UInt(line))
    #expect(issue.message.hasPrefix("Unimplemented: 'UserClient.track'"))
    #expect(issue.message.contains("Defined at:\n    HarnessMacrosTests/Clients.swift:"))
    #expect(issue.message.contains("withDependencies { $0.userClient.track = { … } } operation: { … }"))
  }
}
#endif
