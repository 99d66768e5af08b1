import HarnessClocks
import HarnessIssues
import Testing

@Suite struct UnimplementedClockTests {
  @Test func readingNowReportsWithTheClockName() async {
    let clock = UnimplementedClock(name: "continuousClock")
    let creationLine: UInt = #line - 1
    withExpectedIssue {
      _ = clock.now
    } matching: { issue in
      issue.message.hasPrefix("Unimplemented: continuousClock.now")
        && issue.location.fileID == "HarnessClocksTests/UnimplementedClockTests.swift"
        && issue.location.line == creationLine
    }
  }

  @Test func sleepingReportsAtTheCallersLineThenReturnsAtOnce() async throws {
    let clock = UnimplementedClock(name: "continuousClock")
    let sleepLine: UInt = #line + 2
    await withExpectedIssue {
      try await clock.sleep(for: .seconds(5))
    } matching: { issue in
      issue.message.hasPrefix("Unimplemented: continuousClock.sleep")
        && issue.location.fileID == "HarnessClocksTests/UnimplementedClockTests.swift"
        && issue.location.line == sleepLine
    }
    withExpectedIssue {
      #expect(clock.now.offset == .seconds(5))
    }
  }

  @Test func throughAnExistentialItReportsTheReadOfNowAndTheSleep() async {
    let clock: any Clock<Duration> = UnimplementedClock()
    let collector = IssueCollector()
    await withIssueReporters([collector]) {
      try? await clock.sleep(for: .seconds(1))
    }
    // `Clock.sleep(for:)` reads `now` to compute its deadline: both uses are reported.
    #expect(
      collector.issues.map { $0.message.components(separatedBy: "\n")[0] } == [
        "Unimplemented: Clock.now", "Unimplemented: Clock.sleep",
      ])
    #expect(collector.issues.allSatisfy { $0.message.contains("Provide a clock to the code under test") })
  }

  @Test func aTimerOnItReportsItsSleepsAtTheTimersLine() async {
    let clock = UnimplementedClock(name: "suspendingClock")
    let collector = IssueCollector()
    var ticks = 0
    let timerLine: UInt = #line + 2
    await withIssueReporters([collector]) {
      for await _ in clock.timer(interval: .seconds(1)).prefix(2) { ticks += 1 }
    }
    #expect(ticks == 2)
    let sleeps = collector.issues.filter { $0.message.hasPrefix("Unimplemented: suspendingClock.sleep") }
    #expect(sleeps.count == 2)
    #expect(sleeps.allSatisfy { $0.location.line == timerLine })
    #expect(collector.issues.count == 3)  // and the timer's read of `now` when it starts
  }
}
