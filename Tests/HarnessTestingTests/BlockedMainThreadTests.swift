import Testing

struct BlockedMainThreadTests {
  /// A blocked main thread is reported to work that needs the main actor, and never waited
  /// for by work that does not.
  @Test func aBlockedMainThreadIsReportedOnlyWhereTheWorkNeedsIt() throws {
    let run = try runFixtures(["--testing-library", "swift-testing", "--filter", "BlockedMainThreadFixtures"])
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("Test blockedMainThreadWhileTheWorkUsesTheMainActor() passed"))
    #expect(run.output.contains("Test blockedMainThreadWhileTheWorkDoesNotUseIt() passed"))
  }
}
