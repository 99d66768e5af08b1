import BenchmarkSupport
import HarnessClocks

/// The scenarios on Harness's TestClock.
let harnessScenarios = ClockScenarios(
  makeClock: { TestClock() },
  advance: { clock, duration in await clock.advance(by: duration) },
  countTicks: { clock, seen, ticks in
    for await _ in clock.timer(interval: .seconds(1)) {
      seen.increment()
      if seen.value == ticks { break }
    }
  }
)
