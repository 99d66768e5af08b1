import Testing

struct BlockedMainThreadTests {
  /// A settle posts a drain to the main queue; if the main thread never runs it, the settle
  /// reports that after the world's patience instead of hanging.
  @Test func aBlockedMainThreadIsReportedInsteadOfWaitedFor() throws {
    let run = try runFixtures(["--testing-library", "swift-testing", "--filter", "BlockedMainThreadFixtures"])
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("Test blockedMainThread() passed"))
  }
}
