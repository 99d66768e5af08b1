import HarnessClocks
import HarnessTesting
import Testing

/// The kinds of work `TestClock.advance` waits for, with no setup in the test.
///
/// Explored: each test runs in 20 seeded interleavings of its jobs, and must pass in every one.
@Suite(.interleavings(20)) struct FollowedWorkTests {
  @Test func advanceWithNoDurationLetsStartedWorkRunUntilItSuspends() async {
    let clock = TestClock()
    let log = Log<String>()
    let task = Task {
      log.append("started")
      await Task.yield()
      log.append("yielded")
      try? await clock.sleep(for: .seconds(1))
      log.append("woke")
    }
    await clock.advance()
    #expect(log.elements == ["started", "yielded"])
    #expect(clock.pendingSleepers.count == 1)
    await clock.advance(by: .seconds(1))
    #expect(log.elements == ["started", "yielded", "woke"])
    await task.value
  }

  @Test func taskGroupChildrenAreFollowed() async {
    let clock = TestClock()
    let log = Log<Int>()
    let task = Task {
      await withTaskGroup(of: Void.self) { group in
        for seconds in 1...3 {
          group.addTask {
            try? await clock.sleep(for: .seconds(seconds))
            log.append(seconds)
          }
        }
      }
    }
    await clock.advance(by: .seconds(2))
    #expect(log.elements == [1, 2])
    await clock.advance(by: .seconds(1))
    #expect(log.elements == [1, 2, 3])
    await task.value
  }

  @Test func asyncLetIsFollowed() async {
    let clock = TestClock()
    let log = Log<String>()
    async let first: Void = {
      try? await clock.sleep(for: .seconds(1))
      log.append("first")
    }()
    async let second: Void = {
      try? await clock.sleep(for: .seconds(2))
      log.append("second")
    }()
    await clock.advance(by: .seconds(1))
    #expect(log.elements == ["first"])
    await clock.advance(by: .seconds(1))
    #expect(log.elements == ["first", "second"])
    _ = await (first, second)
  }

  actor Poller {
    var polls = 0
    func poll(every interval: Duration, on clock: TestClock<Duration>) async {
      while !Task.isCancelled {
        do { try await clock.sleep(for: interval) } catch { return }
        polls += 1
      }
    }
  }

  @Test func actorsAreFollowed() async {
    let clock = TestClock()
    let poller = Poller()
    let task = Task { await poller.poll(every: .seconds(1), on: clock) }
    await clock.advance(by: .seconds(3))
    #expect(await poller.polls == 3)
    task.cancel()
    await task.value
  }

  @Test func detachedTasksAreFollowed() async {
    let clock = TestClock()
    let log = Log<Duration>()
    let task = Task.detached {
      try? await clock.sleep(for: .seconds(1))
      log.append(clock.now.offset)
    }
    await clock.advance(by: .seconds(1))
    #expect(log.elements == [.seconds(1)])
    await task.value
  }

  @Test func tasksStartedByResumedSleepersAreFollowed() async {
    let clock = TestClock()
    let log = Log<String>()
    let task = Task {
      try? await clock.sleep(for: .seconds(1))
      log.append("parent")
      Task {
        log.append("child started")
        try? await clock.sleep(for: .seconds(1))
        log.append("child woke")
      }
    }
    await clock.advance(by: .seconds(1))
    #expect(log.elements == ["parent", "child started"])
    await clock.advance(by: .seconds(1))
    #expect(log.elements == ["parent", "child started", "child woke"])
    await task.value
  }

  @Test func workAwaitingAnActorBetweenSleepsRunsToItsNextSleep() async {
    let clock = TestClock()
    let poller = Poller()
    let counter = MainActorCounter()
    let task = Task {
      for await _ in clock.timer(interval: .seconds(1)) {
        await counter.increment()
        _ = await poller.polls
      }
    }
    await clock.advance(by: .seconds(4))
    #expect(await counter.count == 4)
    task.cancel()
    await task.value
  }

  @Test func twoClocksOfOneTestShareItsWork() async {
    let fast = TestClock()
    let slow = TestClock()
    let log = Log<String>()
    let task = Task {
      try? await fast.sleep(for: .seconds(1))
      log.append("fast")
      try? await slow.sleep(for: .seconds(1))
      log.append("slow")
    }
    await fast.advance(by: .seconds(1))
    #expect(log.elements == ["fast"])
    await slow.advance(by: .seconds(1))
    #expect(log.elements == ["fast", "slow"])
    await task.value
  }
}
