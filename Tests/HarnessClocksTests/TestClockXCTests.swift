import HarnessClocks
import Synchronization
import XCTest

/// XCTest runs tests on the main thread and services the main queue differently from Swift
/// Testing: the clock must settle main actor work there too.
final class TestClockXCTests: XCTestCase {
  func testTimerLoopInATask() async {
    let clock = TestClock()
    let ticks = Log<Int>()
    let task = Task {
      for await _ in clock.timer(interval: .seconds(1)) { ticks.append(1) }
    }
    await clock.advance(by: .seconds(5))
    XCTAssertEqual(ticks.count, 5)
    task.cancel()
    await task.value
  }

  @MainActor func testTimerLoopOnTheMainActor() async {
    let clock = TestClock()
    let counter = MainActorCounter()
    let task = Task {
      for await _ in clock.timer(interval: .seconds(1)) { counter.increment() }
    }
    await clock.advance(by: .seconds(4))
    XCTAssertEqual(counter.count, 4)
    task.cancel()
    await task.value
  }

  func testMainActorTaskStartedFromANonisolatedTest() async {
    let clock = TestClock()
    let counter = MainActorCounter()
    let task = Task { @MainActor in
      for await _ in clock.timer(interval: .seconds(1)) { counter.increment() }
    }
    await clock.advance(by: .seconds(3))
    let count = await counter.count
    XCTAssertEqual(count, 3)
    task.cancel()
    await task.value
  }
}

/// The XCTest idiom: a clock kept in a property, made before any test runs. It binds to the
/// test at its first use, and each test case instance's clock follows its own test.
final class TestClockPropertyXCTests: XCTestCase {
  let clock = TestClock()

  func testAPropertyClockFollowsTheWorkOfTheTestThatUsesIt() async {
    let clock = self.clock
    await clock.advance()
    let ticks = Log<Int>()
    let task = Task {
      for await _ in clock.timer(interval: .seconds(1)) { ticks.append(1) }
    }
    await clock.advance(by: .seconds(3))
    XCTAssertEqual(ticks.count, 3)
    task.cancel()
    await task.value
  }

  /// Its world begins with the test, and owns the tasks created from the main thread outside
  /// any task. A main actor task leaving the main actor (a yield, a nonisolated call) is enqueued
  /// from the main thread with no current task too, but it is not one of those: the advance
  /// waits for it to come back to the main actor.
  @MainActor func testAnAdvanceWaitsForAMainActorTaskLeavingTheMainActor() async {
    let clock = self.clock
    let counter = MainActorCounter()
    Task { @MainActor in
      await Task.yield()
      counter.increment()
      await offTheMainActor()
      counter.increment()
    }
    await clock.advance()
    XCTAssertEqual(counter.count, 2)
  }

  func testAnotherTestsPropertyClockStartsAfresh() async {
    let clock = self.clock
    await clock.advance()
    let woken = Log<Int>()
    let task = Task {
      try? await clock.sleep(for: .seconds(2))
      woken.append(1)
    }
    await clock.advance(by: .seconds(2))
    XCTAssertEqual(woken.count, 1)
    await task.value
  }
}

/// Nonisolated: a main actor task calling it leaves the main actor, and goes back after.
private func offTheMainActor() async {}
