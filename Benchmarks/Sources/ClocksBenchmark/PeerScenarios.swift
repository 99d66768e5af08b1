import Clocks

/// The same scenarios as ``HarnessScenarios``, on swift-clocks' TestClock.
enum PeerScenarios {
  static let extraAdvances = Counter()

  static func sleepers(_ count: Int) async {
    let clock = Clocks.TestClock()
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
    let clock = Clocks.TestClock()
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
