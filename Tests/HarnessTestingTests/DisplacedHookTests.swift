import Testing

struct DisplacedHookTests {
  /// When another library replaces the runtime's global-enqueue hook, the next settle takes it
  /// back and says so once.
  @Test func aDisplacedHookIsReclaimedInsteadOfFollowingNothing() throws {
    let run = try runFixtures(["--testing-library", "swift-testing", "--filter", "DisplacedHookFixtures"])
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("Test aDisplacedHookIsReclaimedAndWarnedAboutOnce() passed"))
  }
}
