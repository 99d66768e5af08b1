import Dispatch
import HarnessClocks
import HarnessIssues
import HarnessTesting
import Synchronization
import Testing

/// Explored: each test runs in 20 seeded interleavings of its jobs, and must pass in every one.
@Suite(.interleavings(20)) struct TestClockTests {
  @Test func timerLoopInATaskRunsOncePerSecondAdvanced() async {
    let clock = TestClock()
    let ticks = Log<Duration>()
    let task = Task {
      for await _ in clock.timer(interval: .seconds(1)) { ticks.append(clock.now.offset) }
    }
    await clock.advance(by: .seconds(5))
    #expect(ticks.elements == [.seconds(1), .seconds(2), .seconds(3), .seconds(4), .seconds(5)])
    await clock.advance(by: .milliseconds(500))
    #expect(ticks.count == 5)
    await clock.advance(by: .milliseconds(500))
    #expect(ticks.count == 6)
    task.cancel()
    await task.value
  }

  @Test @MainActor func timerLoopOnTheMainActor() async {
    let clock = TestClock()
    let counter = MainActorCounter()
    let task = Task {
      for await _ in clock.timer(interval: .seconds(1)) { counter.increment() }
    }
    await clock.advance(by: .seconds(5))
    #expect(counter.count == 5)
    task.cancel()
    await task.value
  }

  @Test func mainActorModelDrivenFromANonisolatedTest() async {
    let clock = TestClock()
    let counter = MainActorCounter()
    let task = Task { @MainActor in
      for await _ in clock.timer(interval: .seconds(1)) { counter.increment() }
    }
    await clock.advance(by: .seconds(3))
    #expect(await counter.count == 3)
    task.cancel()
    await task.value
  }

  @Test func sleepersResumeInDeadlineOrderThenInTheOrderTheySlept() async {
    let clock = TestClock()
    let order = Log<String>()
    let deadlines: [(String, Int)] = [("c", 3), ("a1", 1), ("d", 4), ("a2", 1), ("b", 2), ("a3", 1)]
    var tasks: [Task<Void, Never>] = []
    for (name, seconds) in deadlines {
      tasks.append(
        Task {
          try? await clock.sleep(for: .seconds(seconds))
          order.append("\(name)@\(clock.now.offset)")
        })
      // Let each sleeper register before the next starts, so ties have a known order.
      await clock.advance()
    }
    await clock.advance(by: .seconds(4))
    #expect(
      order.elements == [
        "a1@1.0 seconds", "a2@1.0 seconds", "a3@1.0 seconds", "b@2.0 seconds", "c@3.0 seconds",
        "d@4.0 seconds",
      ])
    for task in tasks { await task.value }
  }
}

/// Explored: each test runs in 20 seeded interleavings of its jobs, and must pass in every one.
@Suite(.interleavings(20)) struct TestClockTimeTests {
  @Test func sleepsScheduledDuringAnAdvanceResumeInTheSameAdvanceWhenDue() async {
    let clock = TestClock()
    let wakeUps = Log<Duration>()
    let task = Task {
      for _ in 1...3 {
        try? await clock.sleep(for: .seconds(1))
        wakeUps.append(clock.now.offset)
      }
    }
    await clock.advance(by: .milliseconds(2500))
    #expect(wakeUps.elements == [.seconds(1), .seconds(2)])
    #expect(clock.now.offset == .milliseconds(2500))
    await clock.advance(by: .milliseconds(500))
    #expect(wakeUps.elements == [.seconds(1), .seconds(2), .seconds(3)])
    await task.value
  }

  @Test func advanceToAnInstantInThePastReportsAndLeavesTheClockWhereItIs() async {
    let clock = TestClock()
    await clock.advance(by: .seconds(5))
    await withExpectedIssue {
      await clock.advance(to: TestClock<Duration>.Instant(offset: .seconds(2)))
    } matching: { issue in
      issue.message.contains("TestClock<Duration> created at HarnessClocksTests/TestClockTests.swift:")
        && issue.message.contains("advance(to: 2.0 seconds) asked for 2.0 seconds")
        && issue.message.contains("already at 5.0 seconds")
    }
    #expect(clock.now.offset == .seconds(5))
  }

  @Test func advanceByANegativeDurationReportsAndLeavesTheClockWhereItIs() async {
    let clock = TestClock()
    await clock.advance(by: .seconds(1))
    await withExpectedIssue {
      await clock.advance(by: .seconds(-1))
    } matching: { issue in
      issue.message.contains("advance(by: -1.0 seconds) asked for 0.0 seconds")
        && issue.location.fileID == "HarnessClocksTests/TestClockTests.swift"
    }
    #expect(clock.now.offset == .seconds(1))
  }

  @Test func advanceToNowOrLaterMovesTheClockThere() async {
    let clock = TestClock(now: .init(offset: .seconds(10)))
    await clock.advance(to: clock.now)
    #expect(clock.now.offset == .seconds(10))
    await clock.advance(to: .init(offset: .seconds(12)))
    #expect(clock.now.offset == .seconds(12))
  }

  @Test func sleepUntilThePastReturnsAtOnce() async throws {
    let clock = TestClock()
    await clock.advance(by: .seconds(3))
    try await clock.sleep(until: .init(offset: .seconds(1)))
    #expect(clock.pendingSleepers.isEmpty)
  }

  @Test func sleepUntilNowWaitsForTheNextAdvance() async {
    let clock = TestClock()
    let woke = LockIsolated(false)
    let task = Task {
      try await clock.sleep(for: .zero)
      woke.setValue(true)
    }
    await clock.advance(by: .zero)
    try? await task.value
    #expect(woke.value)

    let woke2 = LockIsolated(false)
    let task2 = Task {
      try await clock.sleep(until: clock.now)
      woke2.setValue(true)
    }
    // Settling alone does not resume it: only an advance or run reaches its deadline.
    await TestWork().settle()
    #expect(!woke2.value)
    #expect(clock.pendingSleepers.count == 1)
    await clock.run()
    try? await task2.value
    #expect(woke2.value)
  }

  @Test func aZeroSleepCanBeCancelledBeforeTheAdvance() async {
    // swift-clocks' scenario: sleep(for: .seconds(0)), cancel, then advance.
    let clock = TestClock()
    let task = Task { () -> String in
      do {
        try await clock.sleep(for: .seconds(0))
        return "finished"
      } catch {
        return "cancelled"
      }
    }
    await clock.advance()
    // A fresh zero sleep parks again; cancel it before the next advance.
    let second = Task { () -> String in
      do {
        try await clock.sleep(for: .seconds(0))
        return "finished"
      } catch {
        return "cancelled"
      }
    }
    await TestWork().settle()
    second.cancel()
    await clock.advance()
    #expect(await task.value == "finished")
    #expect(await second.value == "cancelled")
  }

  @Test func cancellingASleepingTaskThrowsCancellationErrorAndRemovesItsSleeper() async {
    let clock = TestClock()
    let task = Task { () -> String in
      do {
        try await clock.sleep(for: .seconds(10))
        return "woke"
      } catch is CancellationError {
        return "cancelled at \(clock.now.offset)"
      } catch {
        return "other error"
      }
    }
    await clock.advance()
    #expect(clock.pendingSleepers.count == 1)
    task.cancel()
    #expect(await task.value == "cancelled at 0.0 seconds")
    #expect(clock.pendingSleepers.isEmpty)
    await clock.advance(by: .seconds(10))
    #expect(clock.now.offset == .seconds(10))
  }

  @Test func sleepingInACancelledTaskThrowsAtOnce() async {
    let clock = TestClock()
    #expect(await sleepThrowsInACancelledTask(on: clock))
    #expect(clock.pendingSleepers.isEmpty)
  }

  @Test func runResumesNestedWorkUntilNoSleeperIsLeft() async {
    let clock = TestClock()
    let log = Log<String>()
    let task = Task {
      try? await clock.sleep(for: .seconds(1))
      log.append("outer@\(clock.now.offset)")
      async let child: Void = {
        try? await clock.sleep(for: .seconds(2))
        log.append("async let@\(clock.now.offset)")
      }()
      await withTaskGroup(of: Void.self) { group in
        for seconds in [3, 1] {
          group.addTask {
            try? await clock.sleep(for: .seconds(seconds))
            log.append("child \(seconds)@\(clock.now.offset)")
          }
        }
      }
      await child
      try? await clock.sleep(for: .seconds(5))
      log.append("last@\(clock.now.offset)")
    }
    await clock.run()
    #expect(
      log.elements == [
        "outer@1.0 seconds", "child 1@2.0 seconds", "async let@3.0 seconds", "child 3@4.0 seconds",
        "last@9.0 seconds",
      ])
    #expect(clock.now.offset == .seconds(9))
    #expect(clock.pendingSleepers.isEmpty)
    await task.value
  }

  @Test func pendingSleepersListDeadlinesInWakeOrderWithTheirCallSites() async {
    let clock = TestClock()
    let later = Task { try? await clock.sleep(for: .seconds(2)) }
    let sleepLine: UInt = #line - 1
    let sooner = Task { try? await clock.sleep(until: clock.now.advanced(by: .seconds(1))) }
    await clock.advance()
    let pending = clock.pendingSleepers
    #expect(pending.map(\.deadline.offset) == [.seconds(1), .seconds(2)])
    #expect(pending[0].location == nil)
    #expect(pending[1].location?.fileID == "HarnessClocksTests/TestClockTests.swift")
    #expect(pending[1].location?.line == sleepLine)
    #expect(
      pending[1].description
        == "at 2.0 seconds, slept at HarnessClocksTests/TestClockTests.swift:\(sleepLine)")
    #expect(pending[0].description.contains("unknown place"))
    await clock.run()
    await later.value
    await sooner.value
  }
}

@Suite struct TestClockHangGuardTests {
  @Test func runReportsWorkThatReschedulesForeverInsteadOfHanging() async {
    let clock = TestClock()
    let task = Task {
      while !Task.isCancelled {
        try? await clock.sleep(for: .seconds(1))
      }
    }
    let sleepLine = #line - 3
    await withExpectedIssue {
      await clock.run(maxResumptions: 50)
    } matching: { issue in
      issue.message.contains("run() on TestClock<Duration> created at")
        && issue.message.contains("stopped at 50.0 seconds after resuming 50 sleepers")
        && issue.message.contains(
          "Pending sleepers:\n  • at 51.0 seconds, slept at HarnessClocksTests/TestClockTests.swift:\(sleepLine)"
        )
    }
    task.cancel()
    await task.value
  }

  @Test func expectNoPendingSleepersListsSleepersLeftAtTheEnd() async {
    let clock = TestClock()
    let task = Task { try? await clock.sleep(for: .seconds(3600)) }
    let sleepLine = #line - 1
    await withExpectedIssue {
      await clock.expectNoPendingSleepers()
    } matching: { issue in
      issue.message.contains("still has 1 pending sleeper at 0.0 seconds:")
        && issue.message.contains(
          "  • at 3600.0 seconds, slept at HarnessClocksTests/TestClockTests.swift:\(sleepLine)")
        && issue.message.contains("cancel the task that sleeps")
    }
    task.cancel()
    await task.value
    await clock.expectNoPendingSleepers()
  }

  @Test func advanceGivesUpOnWorkThatNeverSuspendsOnTheClock() async {
    let clock = TestClock()
    let task = Task {
      while !Task.isCancelled { await Task.yield() }
    }
    await withExpectedIssue {
      await clock.advance(by: .seconds(1))
    } matching: { issue in
      issue.message.contains("advance(by: 1.0 seconds) on TestClock<Duration>")
        && issue.message.contains("without ever suspending")
        && issue.message.contains("Task.yield()")
        && issue.message.contains("No sleeper is pending.")
    }
    task.cancel()
    await task.value
  }

  @Test func aSleepFromATaskTheClockCannotFollowIsReported() async {
    let clock = TestClock()
    let collector = IssueCollector()
    // A task started from a DispatchQueue callback is not part of the test's work.
    let task: Task<Void, Never> = await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        withIssueReporters([collector]) {
          continuation.resume(returning: Task { try? await clock.sleep(for: .seconds(1)) })
        }
      }
    }
    while clock.pendingSleepers.isEmpty { await Task.yield() }
    await clock.advance(by: .seconds(1))
    await task.value
    #expect(collector.issues.count == 1)
    #expect(
      collector.issues.first?.message.contains(
        "A task that TestClock<Duration> created at HarnessClocksTests/TestClockTests.swift:") == true)
    #expect(
      collector.issues.first?.message.contains("cannot follow started sleeping on it (until 1.0 seconds)")
        == true)
  }
}

@Suite struct TestClockInitTests {
  @Test func initializersInferDurationOrTakeItExplicitly() {
    let plain = TestClock()
    let started = TestClock(now: .init(offset: .seconds(3)))
    let explicit = TestClock<Duration>()
    #expect(plain.now.offset == .zero)
    #expect(started.now.offset == .seconds(3))
    #expect(explicit.minimumResolution == .zero)
  }
}
