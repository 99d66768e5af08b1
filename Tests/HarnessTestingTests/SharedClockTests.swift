import Testing

struct SharedClockTests {
  /// A clock used by a second test is reported there, and then follows that test's work.
  @Test func aClockUsedByTwoTestsIsReportedInTheSecond() async throws {
    let run = try await runFixtures(["--testing-library", "swift-testing", "--filter", "SharedClockFixtures"])
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("Test firstUse() passed"))
    #expect(run.output.contains("Test secondUse() passed"))
  }
}
