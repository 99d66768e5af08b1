import Dispatch
import HarnessClocks
import HarnessIssues
import HarnessTesting
import Testing
import XCTest

// What a test's world reports as the test ends or never can: a deadlock ends the process, so
// these run only in a child process started by `WorldReportTests`.

/// Two tasks of the test, each waiting for the other to say something first, and the test
/// waiting for them: a deadlock.
private func twoTasksWaitingOnEachOther() async {
  let (fromFirst, first) = AsyncStream<Void>.makeStream()
  let (fromSecond, second) = AsyncStream<Void>.makeStream()
  let one = Task {
    for await _ in fromSecond { break }
    first.yield()
  }
  let two = Task {
    for await _ in fromFirst { break }
    second.yield()
  }
  await one.value
  await two.value
}

@Suite(.enabled(if: failingFixturesEnabled, "runs only as a child process of WorldReportTests"))
struct DeadlockFixtures {
  @Test(.patience(deadlock: .milliseconds(500))) func twoTasksDeadlock() async {
    await twoTasksWaitingOnEachOther()
  }
}

@Suite(.enabled(if: failingFixturesEnabled, "runs only as a child process of WorldReportTests"))
struct LeakFixtures {
  /// Ends with a task suspended for good: a warning, the test passes.
  @Test(.dependencies) func leavesATaskSuspended() async {
    let (never, _) = AsyncStream<Void>.makeStream()
    _ = Task { for await _ in never {} }
    await TestWork().settle()
  }
}

final class DeadlockXCTestFixtures: DependencyTestCase, @unchecked Sendable {
  override var patience: TestPatience { TestPatience(deadlock: .milliseconds(500)) }

  override func setUpWithError() throws {
    try XCTSkipUnless(failingFixturesEnabled, "runs only as a child process of WorldReportTests")
  }

  func testTwoTasksDeadlock() async {
    await twoTasksWaitingOnEachOther()
  }
}

final class WorldReportXCTestFixtures: DependencyTestCase, @unchecked Sendable {
  override func setUpWithError() throws {
    try XCTSkipUnless(failingFixturesEnabled, "runs only as a child process of WorldReportTests")
  }

  /// Ends with a task suspended for good: a printed warning, the test passes.
  func testLeavesATaskSuspended() async {
    let (never, _) = AsyncStream<Void>.makeStream()
    _ = Task { for await _ in never {} }
    await TestWork().settle()
  }

  /// A settle that returns over a task in a real sleep prints a warning; the test passes.
  func testSettlesOverARealSleep() async {
    let sleeper = Task { try? await Task.sleep(for: .seconds(60)) }
    await TestWork().settle()
    sleeper.cancel()
    await sleeper.value
  }
}

#if DEBUG
  /// Whether creation sites name the exact function: optimized builds inline and specialize the
  /// functions that create tasks, so there a site may be named by the function it went into.
  let creationSitesAreExact = true
#else
  let creationSitesAreExact = false
#endif
