import Synchronization

/// The scenarios, written once for any test clock: each library says how to make its clock,
/// advance it and start a timer on it (both libraries extend `Clock` with `timer(interval:)`,
/// so generic code could not say which one it means).
struct Scenarios<TestClock: Clock<Duration>>: Sendable {
  var makeClock: @Sendable () -> TestClock
  var advance: @Sendable (TestClock, Duration) async -> Void
  var countTicks: @Sendable (TestClock, Counter, Int) async -> Void

  /// How often a scenario had to advance again because the first advance missed work.
  let extraAdvances = Counter()

  /// Sleepers with deadlines 1 ms, 2 ms, … `count` ms, advanced past all of them.
  func sleepers(_ count: Int) async {
    let clock = makeClock()
    let woken = Counter()
    let tasks = (1...count).map { index in
      Task {
        try? await clock.sleep(for: .milliseconds(index))
        woken.increment()
      }
    }
    await advance(clock, .milliseconds(count))
    while woken.value < count {
      extraAdvances.increment()
      await advance(clock, .milliseconds(count))
    }
    for task in tasks { await task.value }
  }

  /// A one-second timer advanced to its `ticks`-th tick.
  func timer(ticks: Int) async {
    let clock = makeClock()
    let seen = Counter()
    let task = Task { await countTicks(clock, seen, ticks) }
    await advance(clock, .seconds(ticks))
    while seen.value < ticks {
      extraAdvances.increment()
      await advance(clock, .seconds(1))
    }
    await task.value
  }
}

final class Counter: Sendable {
  private let storage = Mutex(0)
  func increment() { storage.withLock { $0 += 1 } }
  var value: Int { storage.withLock { $0 } }
}
