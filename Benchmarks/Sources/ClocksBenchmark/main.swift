import BenchmarkSupport

// Harness's TestClock beside swift-clocks' TestClock (pointfreeco/swift-clocks 1.1.1), on the
// same scenarios, in the same run.
//
// Run: swift run -c release --package-path Benchmarks ClocksBenchmark

print("TestClock, 1,000 concurrent sleepers with distinct deadlines, advanced past all of them")
let harnessSleepers = await measure("Harness TestClock", runs: 7) { await harnessScenarios.sleepers(1_000) }
let peerSleepers = await measure("swift-clocks TestClock", runs: 7) { await peerScenarios.sleepers(1_000) }
compare(harnessSleepers, to: peerSleepers, target: 20)

print("TestClock, a 10,000-tick timer advanced to its end")
let harnessTimer = await measure("Harness TestClock", runs: 7) { await harnessScenarios.timer(ticks: 10_000) }
let peerTimer = await measure("swift-clocks TestClock", runs: 5) { await peerScenarios.timer(ticks: 10_000) }
compare(harnessTimer, to: peerTimer, target: 20)

// A clock that misses work needs another advance to finish the scenario; Harness's never should.
print(
  "Extra advances needed (missed sleepers or ticks): Harness \(harnessScenarios.extraAdvances.value), swift-clocks \(peerScenarios.extraAdvances.value)"
)
