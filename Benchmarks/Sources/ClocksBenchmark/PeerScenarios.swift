import BenchmarkSupport
import Clocks

/// The scenarios on swift-clocks' TestClock.
let peerScenarios = ClockScenarios(
  makeClock: { Clocks.TestClock() },
  advance: { clock, duration in await clock.advance(by: duration) },
  countTicks: { clock, seen, ticks in
    for await _ in clock.timer(interval: .seconds(1)) {
      seen.increment()
      if seen.value == ticks { break }
    }
  }
)
