import HarnessClocks
import Synchronization

enum HarnessScenarios {
  /// How often a scenario had to advance again because the first advance missed work.
  static let extraAdvances = Counter()

  static func sleepers(_ count: Int) async {
    let clock = TestClock()
    let woken = Counter()
    let tasks = (1...count).map { index in
      Task {
        try? await clock.sleep(for: .milliseconds(index))
        woken.increment()
      }
    }
    await clock.advance(by: .milliseconds(count))
    while woken.value < count {
      extraAdvances.increment()
      await clock.advance(by: .milliseconds(count))
    }
    for task in tasks { await task.value }
  }

  static func timer(ticks: Int) async {
    let clock = TestClock()
    let seen = Counter()
    let task = Task {
      for await _ in clock.timer(interval: .seconds(1)) {
        seen.increment()
        if seen.value == ticks { break }
      }
    }
    await clock.advance(by: .seconds(ticks))
    while seen.value < ticks {
      extraAdvances.increment()
      await clock.advance(by: .seconds(1))
    }
    await task.value
  }
}

final class Counter: Sendable {
  private let storage = Mutex(0)
  func increment() { storage.withLock { $0 += 1 } }
  var value: Int { storage.withLock { $0 } }
}
