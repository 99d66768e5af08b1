import BenchmarkSupport
import Foundation

// Harness's TestClock beside swift-clocks' TestClock (pointfreeco/swift-clocks 1.1.1), on the
// same scenarios, in the same run.
//
// Run: swift run -c release --package-path Benchmarks ClocksBenchmark

// `ClocksBenchmark sleepers`, `timer`, `grouped-sleepers` or `grouped-timer` runs only that
// scenario on Harness's clock, for a profiler (`perf record -g`).
switch CommandLine.arguments.dropFirst().first {
case "sleepers":
  for _ in 0..<100 { await harnessScenarios.sleepers(1_000) }
  exit(0)
case "timer":
  for _ in 0..<10 { await harnessScenarios.timer(ticks: 10_000) }
  exit(0)
case "grouped-sleepers":
  for _ in 0..<100 { await harnessScenarios.groupedSleepers(1_000) }
  exit(0)
case "grouped-timer":
  for _ in 0..<10 { await harnessScenarios.groupedTimer(ticks: 10_000) }
  exit(0)
default: break
}

// Issue 36's rows, in alternating rounds (no floor: what a test clock must do is the work of the
// tasks it wakes, which both clocks share).
let sleepers = await alternate(count: 1, rounds: 15, [
  ("Harness TestClock", { await harnessScenarios.sleepers(1_000) }),
  ("peer: swift-clocks TestClock", { await peerScenarios.sleepers(1_000) }),
])
HotPath(
  "TestClock, 1,000 concurrent sleepers with distinct deadlines, one advance past all of them",
  harness: sleepers[0], peer: sleepers[1], atLeastTimesPeer: 100
).print()

// The same in the form users write: sleepers added to a task group, then `waitForAll()`.
let groupedSleepers = await alternate(count: 1, rounds: 15, [
  ("Harness TestClock", { await harnessScenarios.groupedSleepers(1_000) }),
  ("peer: swift-clocks TestClock", { await peerScenarios.groupedSleepers(1_000) }),
])
HotPath(
  "TestClock, 1,000 sleepers added to a task group, one advance by 2 s, then waitForAll()",
  harness: groupedSleepers[0], peer: groupedSleepers[1], atLeastTimesPeer: 100
).print()

let harnessLostBefore = harnessScenarios.extraAdvances.value
let timer = await alternate(count: 1, rounds: 7, [
  ("Harness TestClock", { await harnessScenarios.timer(ticks: 10_000) }),
  ("peer: swift-clocks TestClock", { await peerScenarios.timer(ticks: 10_000) }),
])
HotPath(
  "TestClock, a 10,000-tick timer advanced to its end", harness: timer[0], peer: timer[1],
  atLeastTimesPeer: 100
).print()
let groupedTimer = await alternate(count: 1, rounds: 7, [
  ("Harness TestClock", { await harnessScenarios.groupedTimer(ticks: 10_000) }),
  ("peer: swift-clocks TestClock", { await peerScenarios.groupedTimer(ticks: 10_000) }),
])
HotPath(
  "TestClock, a 10,000-tick timer consumed in a task group while the test advances 10,000 s",
  harness: groupedTimer[0], peer: groupedTimer[1], atLeastTimesPeer: 100
).print()
let lostTicks = harnessScenarios.extraAdvances.value - harnessLostBefore
print("  lost ticks (extra advances needed): Harness \(lostTicks) [goal: 0: \(lostTicks == 0 ? "met" : "NOT MET")]")

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
