import HarnessClocks
import HarnessIssues
import Testing

/// The spellings users of swift-clocks type.
@Suite struct SwiftClocksSpellingsTests {
  @Test func immediateAndUnimplementedStaticSpellings() async {
    let immediate: any Clock<Duration> = .immediate
    #expect(immediate is ImmediateClock<Duration>)
    let unimplemented: UnimplementedClock<Duration> = .unimplemented("continuousClock")
    #expect(unimplemented.name == "continuousClock")
    await withExpectedIssue {
      try? await unimplemented.sleep(for: .seconds(1))
    } matching: { $0.message.hasPrefix("Unimplemented: continuousClock.sleep") }
  }

  @Test func checkSuspensionThrowsWhileASleeperWaits() async throws {
    let clock = TestClock()
    let task = Task { try await clock.sleep(for: .seconds(1)) }
    await #expect(throws: TestClock<Duration>.SuspensionError.self) { try await clock.checkSuspension() }
    await clock.advance(by: .seconds(1))
    try await clock.checkSuspension()
    try await task.value
  }

  @Test func runWithATimeoutResumesEverySleeperInOrder() async {
    let clock = TestClock()
    let order = LockIsolated<[Int]>([])
    let tasks = [3, 1, 2].map { seconds in
      Task {
        try? await clock.sleep(for: .seconds(seconds))
        order.withValue { $0.append(seconds) }
      }
    }
    await clock.run(timeout: .seconds(5))
    #expect(order.value == [1, 2, 3])
    #expect(clock.now.offset == .seconds(3))
    for task in tasks { await task.value }
  }

  @Test func runWithATimeoutReportsWorkThatNeverRunsOut() async {
    let clock = TestClock()
    let timer = Task { for await _ in clock.timer(interval: .seconds(1)) {} }
    await withExpectedIssue {
      await clock.run(timeout: .milliseconds(50))
    } matching: { issue in
      issue.message.contains("Expected all sleeps on TestClock<Duration> created at")
        && issue.message.contains("but some are left after") && issue.message.contains("1 pending sleeper")
    }
    timer.cancel()
    await timer.value
  }
}
