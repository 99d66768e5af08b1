import Testing

struct XCTestTrackerTests {
  /// The tracker tells HarnessDependencies when an XCTest case ends, so the values cached for it
  /// do not outlive it.
  @Test func anEndedXCTestCaseKeepsNoCachedValues() async throws {
    let run = try await runFixtures(["HarnessTestingTests.CacheEvictionXCTestFixtures"])
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("checked the cached values of CacheEvictionXCTestFixtures.test"))
    #expect(run.output.contains("Executed 2 tests, with 0 failures"))
  }
}
