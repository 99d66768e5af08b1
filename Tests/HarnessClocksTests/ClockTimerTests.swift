import HarnessClocks
import HarnessIssues
import HarnessTesting
import Testing

/// Explored: each test runs in 20 seeded interleavings of its jobs, and must pass in every one.
@Suite(.interleavings(20)) struct ClockTimerTests {
  @Test func ticksStayOnTheirScheduleWhenHandlingATickTakesTime() async {
    let clock = TestClock()
    let ticks = Log<String>()
    let task = Task {
      for await deadline in clock.timer(interval: .seconds(1)) {
        ticks.append("\(deadline.offset) at \(clock.now.offset)")
        try? await clock.sleep(for: .milliseconds(300))
      }
    }
    await clock.advance(by: .seconds(3))
    #expect(
      ticks.elements == [
        "1.0 seconds at 1.0 seconds", "2.0 seconds at 2.0 seconds", "3.0 seconds at 3.0 seconds",
      ])
    task.cancel()
    await task.value
  }

  @Test func aConsumerThatFallsBehindGetsTheMissedTicksAtOnceAndInOrder() async {
    let clock = TestClock()
    let ticks = Log<String>()
    let task = Task {
      for await deadline in clock.timer(interval: .seconds(1)) {
        ticks.append("\(deadline.offset) at \(clock.now.offset)")
        try? await clock.sleep(for: .milliseconds(1500))
      }
    }
    await clock.advance(by: .seconds(5))
    #expect(
      ticks.elements == [
        "1.0 seconds at 1.0 seconds", "2.0 seconds at 2.5 seconds", "3.0 seconds at 4.0 seconds",
      ])
    task.cancel()
    await task.value
  }

  @Test func anImmediateClockTimerOfSixTicksCompletesAtOnce() async {
    let clock = ImmediateClock()
    var deadlines: [Duration] = []
    for await deadline in clock.timer(interval: .seconds(1)).prefix(6) {
      deadlines.append(deadline.offset)
    }
    #expect(deadlines == (1...6).map { .seconds($0) })
    #expect(clock.now.offset == .seconds(6))
  }

  @Test func theTimerEndsWhenItsTaskIsCancelled() async {
    let clock = TestClock()
    let task = Task { () -> Int in
      var ticks = 0
      for await _ in clock.timer(interval: .seconds(1)) { ticks += 1 }
      return ticks
    }
    await clock.advance(by: .seconds(2))
    task.cancel()
    #expect(await task.value == 2)
  }

  @Test func aTimerWithoutAPositiveIntervalReportsAndEnds() async {
    let clock = ImmediateClock()
    var ticks = 0
    await withExpectedIssue {
      for await _ in clock.timer(interval: .zero) { ticks += 1 }
    } matching: { issue in
      issue.message.contains("A timer needs a positive interval, but got 0.0 seconds")
        && issue.location.fileID == "HarnessClocksTests/ClockTimerTests.swift"
    }
    #expect(ticks == 0)
  }

  @Test func aTimerOnAnErasedTestClockTicksWhenTheTestClockAdvances() async {
    let clock = TestClock()
    let erased = AnyClock(clock)
    let ticks = Log<Duration>()
    let task = Task {
      for await deadline in erased.timer(interval: .seconds(2)) { ticks.append(deadline.offset) }
    }
    await clock.advance(by: .seconds(6))
    #expect(ticks.elements == [.seconds(2), .seconds(4), .seconds(6)])
    task.cancel()
    await task.value
  }
}
