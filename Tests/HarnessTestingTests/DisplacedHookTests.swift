import Testing

struct DisplacedHookTests {
  /// When another library replaces the runtime's global-enqueue hook, the next settle takes it
  /// back and says so once.
  @Test func aDisplacedHookIsReclaimedInsteadOfFollowingNothing() throws {
    let run = try runFixtures(["--testing-library", "swift-testing", "--filter", "DisplacedHookFixtures"])
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("Test aDisplacedHookIsReclaimedAndWarnedAboutOnce() passed"))
  }

  /// swift-concurrency-extras' hook logic, as `withMainSerialExecutor` and a Composable
  /// Architecture `TestStore`'s `init`/`deinit` use it, leaves its own hook in the slot for the
  /// rest of the process: the clock and store tests that run afterwards, or inside it, still
  /// follow their work, and the warning comes once.
  @Test func testsAfterAStoreThatFlipsTheHookStillFollowTheirWork() throws {
    let run = try runFixtures(["--testing-library", "swift-testing", "--filter", "MainSerialExecutorFixtures"])
    #expect(run.status == 0, "\(run.output)")
    for test in [
      "theSlotIsTakenWhenTheFirstTestBegins", "harnessFirst", "aStoreFlippingTheHookComesAndGoes", "aClockTestAfterwards", "aStoreTestAfterwards",
      "insideWithMainSerialExecutor", "aStoreFlippingTheHookInsideTheTest",
    ] {
      #expect(run.output.contains("Test \(test)() passed"), "\(test): \(run.output)")
    }
    // Once, and expected by the test that met it: never printed.
    #expect(occurrences(of: reclaimWarning, in: run.output) == 0, "\(run.output)")
  }

  /// The XCTest form: a test case keeping its clock in a stored property, after a TCA-style
  /// store left its hook in the slot.
  @Test func xcTestCasesAfterAStoreThatFlipsTheHookFollowTheirStoredClock() throws {
    let run = try runFixtures(["HarnessTestingTests.MainSerialExecutorXCTestFixtures"])
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("Executed 4 tests, with 0 failures"), "\(run.output)")
    #expect(occurrences(of: reclaimWarning, in: run.output) == 1, "\(run.output)")
  }

  /// An XCTest case whose `invokeTest` runs every test inside `withMainSerialExecutor`, with its
  /// clock in a stored property: the tasks its tests start before Harness's first call go to the
  /// main actor unseen, and settles still wait for them.
  @Test func xcTestCasesRunInsideWithMainSerialExecutorFollowTheirStoredClock() throws {
    let run = try runFixtures(["HarnessTestingTests.MainSerialExecutorInvokeTestFixtures"])
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("Executed 3 tests, with 0 failures"), "\(run.output)")
    #expect(occurrences(of: reclaimWarning, in: run.output) == 1, "\(run.output)")
  }

  /// A `DependencyTestCase` inside `withMainSerialExecutor`, a TCA-style store made in `setUp`.
  @Test func dependencyTestCasesRunInsideWithMainSerialExecutorFollowTheirWork() throws {
    let run = try runFixtures(["HarnessTestingTests.MainSerialExecutorDependencyTestCaseFixtures"])
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("Executed 2 tests, with 0 failures"), "\(run.output)")
  }

  private let reclaimWarning = "replaced the Swift runtime's swift_task_enqueueGlobal_hook"

  private func occurrences(of text: String, in output: String) -> Int {
    output.components(separatedBy: text).count - 1
  }
}
