import BenchmarkSupport

// Harness's TestClock beside swift-clocks' TestClock (pointfreeco/swift-clocks 1.1.1), on the
// same scenarios, in the same run.
//
// Run: swift run -c release --package-path Benchmarks ClocksBenchmark

print("TestClock, 1,000 concurrent sleepers with distinct deadlines, advanced past all of them")
let harnessSleepers = await measure("Harness TestClock", runs: 7) { await harnessScenarios.sleepers(1_000) }
let peerSleepers = await measure("swift-clocks TestClock", runs: 7) { await peerScenarios.sleepers(1_000) }
compare(harnessSleepers, to: peerSleepers, target: 50)

print("TestClock, a 10,000-tick timer advanced to its end")
let harnessTimer = await measure("Harness TestClock", runs: 7) { await harnessScenarios.timer(ticks: 10_000) }
let peerTimer = await measure("swift-clocks TestClock", runs: 5) { await peerScenarios.timer(ticks: 10_000) }
compare(harnessTimer, to: peerTimer, target: 50)

// A clock that misses work needs another advance to finish the scenario; Harness's never should.
print(
  "Extra advances needed (missed sleepers or ticks): Harness \(harnessScenarios.extraAdvances.value), swift-clocks \(peerScenarios.extraAdvances.value)"
)

// A program whose main thread is blocked (a CLI or a server harness waiting on a semaphore):
// work that never uses the main actor must not wait for it.
print("TestClock, 1,000 sleepers with the main thread blocked, beside the same with it free")
let mainFree = await measure("Harness TestClock, main thread free", runs: 7) {
  await Task.detached { await harnessScenarios.sleepers(1_000) }.value
}
let mainBlocked = await Task.detached {
  let unblock = await blockMainQueue()
  defer { unblock() }
  return await measure("Harness TestClock, main thread blocked", runs: 7) { await harnessScenarios.sleepers(1_000) }
}.value
let blockedRatio = mainBlocked.fastestNanoseconds / max(mainFree.fastestNanoseconds, 1)
print(
  "Main thread blocked / free: \((blockedRatio * 100).rounded() / 100)× on the fastest runs (target: at most 3×) \(blockedRatio <= 3 ? "met" : "NOT met")"
)
