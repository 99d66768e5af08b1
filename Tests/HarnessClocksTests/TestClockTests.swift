import HarnessClocks
import HarnessIssues
import Synchronization
import Testing

@Suite struct TestClockTests {
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
      tasks.append(Task {
        try? await clock.sleep(for: .seconds(seconds))
        order.append("\(name)@\(clock.now.offset)")
      })
      // Let each sleeper register before the next starts, so ties have a known order.
      await clock.advance()
    }
    await clock.advance(by: .seconds(4))
    #expect(order.elements == [
      "a1@1.0 seconds", "a2@1.0 seconds", "a3@1.0 seconds", "b@2.0 seconds", "c@3.0 seconds", "d@4.0 seconds",
    ])
    for task in tasks { await task.value }
  }
}
