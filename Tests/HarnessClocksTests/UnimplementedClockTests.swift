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
    // Reported once: reading `now` afterwards is quiet.
    let collector = IssueCollector()
    withIssueReporters([collector]) {
      #expect(clock.now.offset == .seconds(5))
    }
    #expect(collector.issues.isEmpty)
  }

  @Test func throughAnExistentialItReportsTheReadOfNowAndTheSleep() async {
    let clock: any Clock<Duration> = UnimplementedClock()
    let collector = IssueCollector()
    await withIssueReporters([collector]) {
      try? await clock.sleep(for: .seconds(1))
    }
    // `Clock.sleep(for:)` reads `now` to compute its deadline: that first use is the one reported.
    #expect(
      collector.issues.map { $0.message.components(separatedBy: "\n")[0] } == [
        "Unimplemented: Clock.now"
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
    // The timer's first use is its read of `now`, at the timer's line: the only issue.
    #expect(collector.issues.count == 1)
    #expect(collector.issues.first?.message.hasPrefix("Unimplemented: suspendingClock.now") == true)
    #expect(collector.issues.first?.message.contains("(@Dependency(\\.suspendingClock))") == true)
    #expect(collector.issues.first?.location.line == timerLine)
  }

  /// A test that forgot to provide a clock gets one issue however often the code uses it.
  @Test func manyUsesReportOnce() async {
    let clock = UnimplementedClock(name: "continuousClock")
    let collector = IssueCollector()
    await withIssueReporters([collector]) {
      for _ in 0..<9 {
        _ = clock.now
        try? await clock.sleep(for: .seconds(1))
      }
    }
    #expect(collector.issues.count == 1)
    // No test end is known here (no dependency trait): the message says how to get every use.
    #expect(
      collector.issues.first?.message.hasSuffix(
        """
        Later uses of this clock are not listed: give the test the .dependencies trait (or its \
        suite; under XCTest, inherit from DependencyTestCase) to have every use listed when the \
        test ends.
        """) == true)
  }
}
