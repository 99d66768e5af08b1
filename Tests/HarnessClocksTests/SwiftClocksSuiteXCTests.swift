import HarnessClocks
import HarnessIssues
import HarnessTesting
import XCTest

/// swift-clocks 1.1.1's own `TestClockTests`, ported to Harness's names, as its users write
/// tests: a plain `XCTestCase` keeping the clock in a stored property. XCTest makes every test
/// case (and so every clock) before any test runs: each clock joins its test's world when the
/// test begins, so the tasks the test starts are followed from their first job.
final class SwiftClocksSuiteXCTests: XCTestCase, @unchecked Sendable {
  let clock = TestClock()

  override func tearDown() async throws {
    try await super.tearDown()
    try await self.clock.checkSuspension()
  }

  func testAdvance() async {
    let isFinished = ActorIsolated(false)
    Task {
      try await self.clock.sleep(until: self.clock.now.advanced(by: .seconds(1)))
      await isFinished.setValue(true)
    }

    var checkIsFinished = await isFinished.value
    XCTAssertEqual(checkIsFinished, false)

    await self.clock.advance(by: .seconds(1))
    checkIsFinished = await isFinished.value
    XCTAssertEqual(checkIsFinished, true)
  }

  func testAdvanceWithReentrantUnitsOfWork() async throws {
    let task = Task {
      var count = 0
      for _ in 1...5 {
        try await self.clock.sleep(until: self.clock.now.advanced(by: .seconds(1)))
        count += 1
      }
      return count
    }

    await self.clock.advance(by: .seconds(5))
    let ticks = try await task.value
    XCTAssertEqual(ticks, 5)
  }

  func testRun() async throws {
    let isFinished = ActorIsolated(false)
    Task {
      try await self.clock.sleep(until: self.clock.now.advanced(by: .seconds(1)))
      await isFinished.setValue(true)
    }
    try await Task.sleep(for: .seconds(0.1))

    var checkIsFinished = await isFinished.value
    XCTAssertEqual(checkIsFinished, false)

    await self.clock.run(timeout: .seconds(30))
    checkIsFinished = await isFinished.value
    XCTAssertEqual(checkIsFinished, true)
  }

  func testRunMultipleUnitsOfWork() async {
    let timer = clock.timer(interval: .seconds(1))
      .prefix(10)

    let timerStarted = LockIsolated(false)
    let task = Task {
      timerStarted.withValue { $0 = true }
      var ticks = 0
      for await _ in timer {
        ticks += 1
      }
      return ticks
    }

    while !timerStarted.withValue({ $0 }) { await Task.yield() }
    await self.clock.run(timeout: .seconds(30))
    let ticks = await task.value
    XCTAssertEqual(ticks, 10)
  }

  func testRunWithReentrantUnitsOfWork() async throws {
    let taskStarted = LockIsolated(false)
    let task = Task {
      taskStarted.withValue { $0 = true }
      var count = 0
      for _ in 1...5 {
        try await self.clock.sleep(until: self.clock.now.advanced(by: .seconds(1)))
        count += 1
      }
      return count
    }

    while !taskStarted.withValue({ $0 }) { await Task.yield() }
    await self.clock.run(timeout: .seconds(30))
    let ticks = try await task.value
    XCTAssertEqual(ticks, 5)
  }

  func testCheckScheduledWork() async throws {
    Task { try await self.clock.sleep(for: .seconds(1)) }

    let didThrow: Bool
    do {
      try await self.clock.checkSuspension()
      XCTFail()
      return
    } catch is TestClock<Duration>.SuspensionError {
      didThrow = true
    } catch {
      XCTFail()
      return
    }

    XCTAssertEqual(didThrow, true)
    await self.clock.advance(by: .seconds(1))
    try await self.clock.checkSuspension()
  }

  func testCooperativeCancellation() async {
    actor DidFinish {
      var value = false
      func finish() { self.value = true }
    }
    let didFinish = DidFinish()
    let task = Task {
      try await self.clock.sleep(for: .seconds(1))
      await didFinish.finish()
    }

    task.cancel()
    await self.clock.run(timeout: .seconds(5))

    let actualDidFinish = await didFinish.value
    XCTAssertEqual(actualDidFinish, false)
  }

  func testCancellationRemovesScheduledItem() async throws {
    let (stream, continuation) = AsyncStream<Never>.makeStream()

    let task = Task {
      continuation.finish()
      try await self.clock.sleep(for: .seconds(1))
    }

    for await _ in stream {}
    await Task.yield()
    task.cancel()

    try await self.clock.checkSuspension()
  }

  func testNow() async throws {
    let task = Task {
      try await self.clock.sleep(for: .seconds(5))
    }
    let start = self.clock.now
    await self.clock.advance(by: .seconds(5))
    XCTAssertEqual(start.advanced(by: .seconds(5)), self.clock.now)
    try await task.value
  }

  func testRunSorting() async throws {
    let secondTaskStarted = LockIsolated(false)
    let task = Task {
      try await withThrowingTaskGroup(of: Int.self, returning: [Int].self) { group in
        let firstTaskStarted = LockIsolated(false)
        group.addTask {
          firstTaskStarted.withValue { $0 = true }
          try await self.clock.sleep(for: .seconds(2))
          return 2
        }
        while !firstTaskStarted.withValue({ $0 }) { await Task.yield() }
        group.addTask {
          secondTaskStarted.withValue { $0 = true }
          try await self.clock.sleep(for: .seconds(1))
          return 1
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
    }

    while !secondTaskStarted.withValue({ $0 }) { await Task.yield() }
    await self.clock.run(timeout: .seconds(5))
    let values = try await task.value

    XCTAssertEqual(values, [1, 2])
  }

  func testSleepUntilExactlyNow() async throws {
    Task {
      try await Task.sleep(for: .seconds(1))
      await clock.advance()
    }
    try await clock.sleep(until: clock.now)
  }
}
