import Testing

/// What a test's world reports, as a child process shows it: a deadlock ends the process with a
/// report (Swift Testing and XCTest), a task left suspended and a settle over a real sleep are
/// warnings.
struct WorldReportTests {
  @Test func aTwoTaskDeadlockIsReportedAndEndsTheProcess() async throws {
    let run = try await runFixtures(["--testing-library", "swift-testing", "--filter", "DeadlockFixtures"])
    #expect(run.status != 0, "\(run.output)")
    #expect(run.output.contains("Deadlock: every task of test twoTasksDeadlock() has been suspended for 500 milliseconds"), "\(run.output)")
    #expect(run.output.contains("the test's own task suspended"), "\(run.output)")
    let sites = occurrences(of: creationSitesAreExact ? "created in HarnessTestingTests.twoTasksWaitingOnEachOther()" : "created in", in: run.output)
    #expect(creationSitesAreExact ? sites == 2 : sites >= 2, "\(run.output)")
    #expect(run.output.contains("@Test(.patience(deadlock: .seconds(60)))"), "\(run.output)")
    #expect(run.output.contains("Harness: ending the test process, since test twoTasksDeadlock() can never return"), "\(run.output)")
  }

  @Test func aTwoTaskDeadlockUnderXCTestIsReportedAndEndsTheProcess() async throws {
    let run = try await runFixtures(["HarnessTestingTests.DeadlockXCTestFixtures"])
    #expect(run.status != 0, "\(run.output)")
    #expect(run.output.contains("error: DeadlockXCTestFixtures.testTwoTasksDeadlock : Deadlock: every task of test"), "\(run.output)")
    #expect(run.output.contains("override var patience"), "\(run.output)")
    #expect(run.output.contains("Harness: ending the test process"), "\(run.output)")
  }

  @Test func aTaskLeftSuspendedIsAWarning() async throws {
    let run = try await runFixtures(["--testing-library", "swift-testing", "--filter", "LeakFixtures"])
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("Test leavesATaskSuspended() recorded a warning"), "\(run.output)")
    #expect(run.output.contains("Test leavesATaskSuspended() ended with 1 of its tasks still suspended"), "\(run.output)")
    #expect(run.output.contains(creationSitesAreExact ? "LeakFixtures.leavesATaskSuspended(), suspended" : ", suspended"), "\(run.output)")
  }

  @Test func xcTestWarningsArePrintedAndTheTestsPass() async throws {
    let run = try await runFixtures(["HarnessTestingTests.WorldReportXCTestFixtures"])
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("Executed 2 tests, with 0 failures"), "\(run.output)")
    #expect(run.output.contains("ended with 1 of its tasks still suspended"), "\(run.output)")
    #expect(run.output.contains("is in a real sleep on ContinuousClock"), "\(run.output)")
    #expect(occurrences(of: "warning:", in: run.output) >= 2, "\(run.output)")
  }

  private func occurrences(of text: String, in output: String) -> Int {
    output.components(separatedBy: text).count - 1
  }
}
