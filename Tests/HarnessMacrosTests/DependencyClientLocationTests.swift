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

  @Test func anUnimplementedCallInAnEndpointsDefaultIsReportedWhereItIsWritten() throws {
    // The unimplemented value reports the endpoint, then answers with the declaration's default,
    // whose own `unimplemented(…)` names its line (not the `@DependencyClient` attribute's).
    let collector = IssueCollector()
    let rating = withIssueReporters([collector]) { RatingClient().rating() }
    #expect(rating == 3)
    #expect(collector.issues.map(\.location.line) == [ratingLine, ratingLine])
    #expect(collector.issues.allSatisfy { $0.location.fileID == "HarnessMacrosTests/DependencyClientLocationTests.swift" })
    #expect(collector.issues.first?.message.hasPrefix("Unimplemented: 'RatingClient.rating'") == true)
  }
}

private let ratingLine: UInt = #line + 3
@DependencyClient
struct RatingClient: Sendable {
  var rating: @Sendable () -> Int = { unimplemented("RatingClient.rating", placeholder: 3) }
}
#endif
