import Testing

struct DisplacedHookTests {
  /// Another library's hook in the runtime's global-enqueue slot, for a while or for good: the
  /// clock keeps following the test's work, Harness never writes the slot, and says nothing.
  @Test func anotherLibrarysHookInTheSlotChangesNothingForHarness() async throws {
    let run = try await runFixtures(["--testing-library", "swift-testing", "--filter", "DisplacedHookFixtures"])
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("Test aMainSerialHookInTheSlotLeavesHarnessFollowing() passed"), "\(run.output)")
    #expect(run.output.contains("Test aPassingHookInTheSlotLeavesHarnessFollowing() passed"), "\(run.output)")
  }

  /// swift-concurrency-extras' hook logic, as `withMainSerialExecutor` and a Composable
  /// Architecture `TestStore`'s `init`/`deinit` use it: it finds the slot empty and leaves it
  /// empty, and the clock and store tests that run afterwards, or inside it, still follow their
  /// work.
  @Test func testsAfterAStoreThatFlipsTheHookStillFollowTheirWork() async throws {
    let run = try await runFixtures(["--testing-library", "swift-testing", "--filter", "MainSerialExecutorFixtures"])
    #expect(run.status == 0, "\(run.output)")
    for test in [
      "theSlotIsEmptyWhenTheFirstTestBegins", "harnessFirst", "aStoreFlippingTheHookComesAndGoes", "aClockTestAfterwards",
      "aStoreTestAfterwards", "insideWithMainSerialExecutor", "aStoreFlippingTheHookInsideTheTest",
    ] {
      #expect(run.output.contains("Test \(test)() passed"), "\(test): \(run.output)")
    }
    #expect(occurrences(of: reclaimWarning, in: run.output) == 0, "\(run.output)")
  }

  /// The XCTest form: a test case keeping its clock in a stored property, after a TCA-style
  /// store left its hook in the slot.
  @Test func xcTestCasesAfterAStoreThatFlipsTheHookFollowTheirStoredClock() async throws {
    let run = try await runFixtures(["HarnessTestingTests.MainSerialExecutorXCTestFixtures"])
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("Executed 4 tests, with 0 failures"), "\(run.output)")
    #expect(occurrences(of: reclaimWarning, in: run.output) == 0, "\(run.output)")
  }

  /// An XCTest case whose `invokeTest` runs every test inside `withMainSerialExecutor`, with its
  /// clock in a stored property: the tasks its tests start go through that library's hook to
  /// `MainActor.shared.enqueue`, where Harness hands them back to the test's world.
  @Test func xcTestCasesRunInsideWithMainSerialExecutorFollowTheirStoredClock() async throws {
    let run = try await runFixtures(["HarnessTestingTests.MainSerialExecutorInvokeTestFixtures"])
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("Executed 3 tests, with 0 failures"), "\(run.output)")
    #expect(occurrences(of: reclaimWarning, in: run.output) == 0, "\(run.output)")
  }

  /// A `DependencyTestCase` inside `withMainSerialExecutor`, a TCA-style store made in `setUp`.
  @Test func dependencyTestCasesRunInsideWithMainSerialExecutorFollowTheirWork() async throws {
    let run = try await runFixtures(["HarnessTestingTests.MainSerialExecutorDependencyTestCaseFixtures"])
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("Executed 2 tests, with 0 failures"), "\(run.output)")
  }

  /// What the engine said when it still took the slot back (it never does now).
  private let reclaimWarning = "swift_task_enqueueGlobal_hook"

  private func occurrences(of text: String, in output: String) -> Int {
    output.components(separatedBy: text).count - 1
  }
}
