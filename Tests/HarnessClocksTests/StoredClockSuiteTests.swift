import HarnessClocks
import HarnessIssues
import Testing

/// A Swift Testing suite keeping its clock in a stored property, made by the suite's `init`:
/// Swift Testing makes the suite for each test inside the test's task, so the clock joins that
/// test's world before the test starts any work.
@Suite struct StoredClockSuiteTests {
  let clock = TestClock()

  @Test func aTaskStartedBeforeTheFirstClockCallIsFollowed() async {
    let isFinished = ActorIsolated(false)
    Task {
      try await clock.sleep(until: clock.now.advanced(by: .seconds(1)))
      await isFinished.setValue(true)
    }
    #expect(await isFinished.value == false)
    await clock.advance(by: .seconds(1))
    #expect(await isFinished.value == true)
  }

  @Test func sleepersOfAGroupRunInDeadlineOrder() async throws {
    let secondTaskStarted = LockIsolated(false)
    let task = Task {
      try await withThrowingTaskGroup(of: Int.self, returning: [Int].self) { group in
        let firstTaskStarted = LockIsolated(false)
        group.addTask {
          firstTaskStarted.withValue { $0 = true }
          try await clock.sleep(for: .seconds(2))
          return 2
        }
        while !firstTaskStarted.withValue({ $0 }) { await Task.yield() }
        group.addTask {
          secondTaskStarted.withValue { $0 = true }
          try await clock.sleep(for: .seconds(1))
          return 1
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
    }
    while !secondTaskStarted.withValue({ $0 }) { await Task.yield() }
    await clock.run(timeout: .seconds(5))
    #expect(try await task.value == [1, 2])
  }
}
