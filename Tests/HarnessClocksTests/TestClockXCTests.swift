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
