import Testing

struct DisplacedHookTests {
  /// When another library replaces the runtime's global-enqueue hook, the next settle says so.
  @Test func aDisplacedHookIsReportedInsteadOfFollowingNothingSilently() throws {
    let run = try runFixtures(["--testing-library", "swift-testing", "--filter", "DisplacedHookFixtures"])
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("Test aDisplacedHookIsReported() passed"))
  }
}
