import CompatibilityFixtures
import ConcurrencyExtras
import HarnessClocks
import HarnessIssues
import HarnessStore
import Testing

// swift-concurrency-extras' own kind of test and Composable Architecture-style stores beside
// Harness's tests in one Swift Testing target, all in parallel (Swift Testing's default), as a
// test target that holds both runs them. Their hook and Harness's take the runtime's slot from
// each other while the tests run; each library's tests must pass every time all the same.
// (Before Harness handed the main actor's work on to their hook, their ordering tests failed
// 22 runs in 30 here, and Harness's 2 in 30.)

/// swift-concurrency-extras' `withMainSerialExecutor` ordering, which Harness must not disturb.
@Suite struct MainSerialExecutorOrderingTests {
  @Test(arguments: 0..<10) @MainActor func childTasksRunInTheOrderTheyWereStarted(_ round: Int) async {
    await withMainSerialExecutor {
      let order = ConcurrencyExtras.LockIsolated<[Int]>([])
      await withTaskGroup(of: Void.self) { group in
        for index in 1...200 { group.addTask { order.withValue { $0.append(index) } } }
      }
      #expect(order.value == Array(1...200))
    }
  }

  @Test(arguments: 0..<10) @MainActor func yieldsTakeTurns(_ round: Int) async {
    await withMainSerialExecutor {
      let order = ConcurrencyExtras.LockIsolated<[String]>([])
      let first = Task {
        order.withValue { $0.append("a1") }
        await Task.yield()
        order.withValue { $0.append("a2") }
      }
      let second = Task {
        order.withValue { $0.append("b1") }
        await Task.yield()
        order.withValue { $0.append("b2") }
      }
      await first.value
      await second.value
      #expect(order.value == ["a1", "b1", "a2", "b2"])
    }
  }

  @Test(arguments: 0..<10) @MainActor func aTCAStyleStoreSerializesItsEffects(_ round: Int) async {
    let store = TCAStyleTestStore()
    let order = ConcurrencyExtras.LockIsolated<[Int]>([])
    let effects = (1...5).map { index in Task { order.withValue { $0.append(index) } } }
    for effect in effects { await effect.value }
    #expect(order.value == [1, 2, 3, 4, 5])
    withExtendedLifetime(store) {}
  }
}

/// Harness's clocks and stores while those tests run.
@Suite struct HarnessBesideMainSerialExecutorTests {
  @Test(arguments: 0..<20) func sleepersWakeInDeadlineOrder(_ round: Int) async throws {
    let woken = try await wakeThreeSleepers(on: TestClock())
    #expect(woken == [[1], [1, 2, 3]])
  }

  @Test(arguments: 0..<20) @MainActor func aMainActorTimerTicksOncePerSecond(_ round: Int) async {
    let clock = TestClock()
    let counter = Counter()
    let task = Task { await counter.start(clock: clock) }
    await clock.advance(by: .seconds(5))
    #expect(counter.ticks == 5)
    task.cancel()
  }

  @Test(arguments: 0..<20) func aTimerStoreReceivesItsTicks(_ round: Int) async {
    await receiveTicks(2, on: TestClock())
  }

  @Test(arguments: 0..<10) func aStoreBesideATCAStyleStore(_ round: Int) async {
    let other = TCAStyleTestStore()
    await receiveTicks(1, on: TestClock())
    withExtendedLifetime(other) {}
  }
}

/// The README's counter: ticks once a second on the main actor.
@MainActor private final class Counter {
  var ticks = 0
  func start(clock: some Clock<Duration>) async {
    for await _ in clock.timer(interval: .seconds(1)) { ticks += 1 }
  }
}
