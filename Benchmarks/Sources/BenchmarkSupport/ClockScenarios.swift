import Synchronization

/// The test-clock scenarios, written once for any test clock: each library says how to make its
/// clock, advance it and start a timer on it (both libraries extend `Clock` with
/// `timer(interval:)`, so generic code could not say which one it means). Shared by the clocks
/// and the schedulers benchmarks.
public struct ClockScenarios<TestClock: Clock<Duration>>: Sendable {
  var makeClock: @Sendable () -> TestClock
  var advance: @Sendable (TestClock, Duration) async -> Void
  var countTicks: @Sendable (TestClock, Counter, Int) async -> Void

  /// How often a scenario had to advance again because the first advance missed work.
  public let extraAdvances = Counter()

  public init(
    makeClock: @escaping @Sendable () -> TestClock,
    advance: @escaping @Sendable (TestClock, Duration) async -> Void,
    countTicks: @escaping @Sendable (TestClock, Counter, Int) async -> Void
  ) {
    self.makeClock = makeClock
    self.advance = advance
    self.countTicks = countTicks
  }

  /// Sleepers with deadlines 1 ms, 2 ms, … `count` ms, advanced past all of them.
  public func sleepers(_ count: Int) async {
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

  /// The form users write: `count` sleeps with deadlines 1 ms … `count` ms added to a task group,
  /// one advance of two seconds, then `waitForAll()`.
  public func groupedSleepers(_ count: Int) async {
    let clock = makeClock()
    let woken = Counter()
    await withTaskGroup(of: Void.self) { group in
      for index in 1...count {
        group.addTask {
          try? await clock.sleep(for: .milliseconds(index))
          woken.increment()
        }
      }
      await advance(clock, .seconds(2))
      while woken.value < count {
        extraAdvances.increment()
        await advance(clock, .seconds(2))
      }
      await group.waitForAll()
    }
  }

  /// The form users write: a one-second timer consumed in a task group while the test advances
  /// `ticks` seconds.
  public func groupedTimer(ticks: Int) async {
    let clock = makeClock()
    let seen = Counter()
    await withTaskGroup(of: Void.self) { group in
      group.addTask { await countTicks(clock, seen, ticks) }
      await advance(clock, .seconds(ticks))
      while seen.value < ticks {
        extraAdvances.increment()
        await advance(clock, .seconds(1))
      }
      await group.waitForAll()
    }
  }

  /// A one-second timer advanced to its `ticks`-th tick.
  public func timer(ticks: Int) async {
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

/// A count shared between tasks.
public final class Counter: Sendable {
  private let storage = Mutex(0)
  public init() {}
  public func increment() { storage.withLock { $0 += 1 } }
  public var value: Int { storage.withLock { $0 } }
}
