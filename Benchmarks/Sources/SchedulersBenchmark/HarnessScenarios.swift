import BenchmarkSupport
import HarnessClocks
import HarnessSchedulers

/// The scenarios on Harness's TestScheduler: synchronous advances (the peer's form)…
let harnessScenarios = SchedulerScenarios(
  makeScheduler: { DispatchQueue.test },
  advance: { scheduler, stride in scheduler.advance(by: stride) }
)

/// …and `await advance`, which settles the test's followed work after every action, as a
/// TestClock does after every sleeper.
let harnessSettlingScenarios = SchedulerScenarios(
  makeScheduler: { DispatchQueue.test },
  advance: { scheduler, stride in await scheduler.advance(by: stride) }
)

/// Harness's TestClock, for its cost per sleeper.
let testClockScenarios = ClockScenarios(
  makeClock: { TestClock() },
  advance: { clock, duration in await clock.advance(by: duration) },
  countTicks: { _, _, _ in }
)
