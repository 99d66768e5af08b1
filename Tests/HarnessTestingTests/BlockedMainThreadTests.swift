import Testing

struct BlockedMainThreadTests {
  /// A blocked main queue is reported to the test whose main-actor work waits for it, and never waited
  /// for by work that does not.
  @Test func aBlockedMainThreadIsReportedOnlyWhereTheWorkNeedsIt() async throws {
    let run = try await runFixtures(["--testing-library", "swift-testing", "--filter", "BlockedMainThreadFixtures"])
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("Test aMainActorJobWaitingForABlockedMainQueueIsReported() passed"))
    #expect(run.output.contains("Test blockedMainThreadWhileTheWorkDoesNotUseIt() passed"))
  }
}
