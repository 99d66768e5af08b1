import HarnessDependencies
import HarnessInterleavings
import HarnessIssues
import HarnessTesting
import XCTest

/// Under XCTest: an iteration's XCTAssert failures (in a `DependencyTestCase`) and Harness
/// issues are collected and reported once, as the exploration's single failure.
final class InterleavingsXCTests: DependencyTestCase {
  override func setUpDependencies(_ dependencies: inout DependencyValues) {
    dependencies.uuid = .incrementing
  }

  func testAnXCTAssertFailureInAnIterationIsReportedOnceWithItsReplay() async {
    let reports = Locked<[String]>([])
    await withExpectedIssue {
      await withInterleavings(100) {
        let balance = await twoWithdrawals(fixed: false).balance
        XCTAssertGreaterThanOrEqual(balance, 0, "overdrawn")
      }
    } matching: { issue in
      reports.withLock { $0.append(issue.message) }
      return issue.message.hasPrefix("Interleaving exploration: iteration")
    }
    let messages = reports.withLock { $0 }
    XCTAssertEqual(messages.count, 1)
    XCTAssertTrue(messages.first?.contains("overdrawn") == true, messages.first ?? "")
    XCTAssertTrue(messages.first?.contains("withInterleavings(replay: \"random:") == true)
  }

  func testAHarnessIssueInAnIterationIsReportedOnce() async {
    await withExpectedIssue {
      await withInterleavings(100) {
        let value = await twoIncrements(lostUpdateIncrement)
        if value != 2 { reportIssue("lost an update: \(value)") }
      }
    } matching: { issue in
      issue.message.hasPrefix("Interleaving exploration: iteration") && issue.message.contains("lost an update: 1")
    }
  }

  func testTheClassOverridesRestartInEachIteration() async {
    let firsts = Locked<[UUID]>([])
    // No concurrency, so nothing to explore: that is warned about.
    await withExpectedIssue {
      await withInterleavings(10) {
        @Dependency(\.uuid) var uuid
        firsts.withLock { $0.append(uuid()) }
      }
    } matching: { $0.severity == .warning && $0.message.contains("explored nothing") }
    XCTAssertEqual(firsts.withLock { $0 }, Array(repeating: UUID(0), count: 10))
  }

  func testTheFixedVersionPasses() async {
    await withInterleavings(200) {
      let balance = await twoWithdrawals(fixed: true).balance
      XCTAssertEqual(balance, 20)
    }
  }
}

/// `@MainActor` XCTest methods, in a `DependencyTestCase` (whose XCTAssert failures an iteration
/// collects) and in a plain `XCTestCase` (where an iteration's failures are Harness issues): the
/// main actor's jobs run on the main thread, one at a time, and are explored.
final class MainActorInterleavingsXCTests: DependencyTestCase {
  @MainActor func testAMainActorBugIsFoundAndItsFixHolds() async {
    await expectMainActorBugFoundAndFixHolds { consistent in
      XCTAssertTrue(Thread.isMainThread, "XCTest runs main-actor jobs on the main thread")
      XCTAssertTrue(consistent, "edit marked saved")
    }
  }
}

final class MainActorInterleavingsPlainXCTests: XCTestCase {
  @MainActor func testAMainActorBugIsFoundAndItsFixHolds() async {
    await expectMainActorBugFoundAndFixHolds { consistent in
      if !Thread.isMainThread { reportIssue("XCTest runs main-actor jobs on the main thread") }
      if !consistent { reportIssue("edit marked saved") }
    }
  }
}

@MainActor private func expectMainActorBugFoundAndFixHolds(check: @escaping @MainActor (Bool) -> Void) async {
  let messages = Locked<[String]>([])
  await withExpectedIssue {
    await withInterleavings(100) { @MainActor in
      MainActor.assertIsolated()
      check(await saveWhileEditing(Document(keepsEditsMadeWhileSaving: false)))
    }
  } matching: { issue in
    messages.withLock { $0.append(issue.message) }
    return issue.message.hasPrefix("Interleaving exploration: iteration")
  }
  let message = messages.withLock { $0.first { $0.hasPrefix("Interleaving exploration") } } ?? ""
  XCTAssertTrue(message.contains("edit marked saved"), message)
  XCTAssertNotNil(replayString(in: message), message)
  await withInterleavings(200) { @MainActor in
    MainActor.assertIsolated()
    check(await saveWhileEditing(Document(keepsEditsMadeWhileSaving: true)))
  }
}
