import BenchmarkSupport

// Harness's TestClock beside swift-clocks' TestClock (pointfreeco/swift-clocks 1.1.1), on the
// same scenarios, in the same run. Each scenario lives in its own file importing one library.
//
// Run: swift run -c release --package-path Benchmarks ClocksBenchmark

print("TestClock, 1,000 concurrent sleepers with distinct deadlines, advanced past all of them")
let harnessSleepers = await measure("Harness TestClock", runs: 7) { await HarnessScenarios.sleepers(1_000) }
let peerSleepers = await measure("swift-clocks TestClock", runs: 7) { await PeerScenarios.sleepers(1_000) }
compare(harnessSleepers, to: peerSleepers, target: 20)

print("TestClock, a 10,000-tick timer advanced to its end")
let harnessTimer = await measure("Harness TestClock", runs: 7) { await HarnessScenarios.timer(ticks: 10_000) }
let peerTimer = await measure("swift-clocks TestClock", runs: 5) { await PeerScenarios.timer(ticks: 10_000) }
compare(harnessTimer, to: peerTimer, target: 20)

print("Extra advances needed because ticks or sleepers were missed (Harness, swift-clocks):")
print("  sleepers: \(HarnessScenarios.extraAdvances.value), \(PeerScenarios.extraAdvances.value)")
