import BenchmarkSupport

// Harness's TestScheduler beside combine-schedulers' (pointfreeco/combine-schedulers 1.2.2, on
// OpenCombine off Apple platforms), on the same scenarios, in the same run.
//
// Run: swift run -c release --package-path Benchmarks SchedulersBenchmark

func expect(_ ran: Int, _ expected: Int, _ scenario: String) {
  if ran != expected { print("error: \(scenario) ran \(ran) actions, expected \(expected)") }
}

// The peer sorts its pending actions for every action it runs: 10,000 take seconds, so it gets
// fewer runs.
print("TestScheduler, 10,000 one-shot actions at scattered times, then one advance")
let harnessOneShot = await measure("Harness TestScheduler", runs: 7) {
  expect(await harnessScenarios.oneShotActions(10_000), 10_000, "one-shot")
}
let peerOneShot = await measure("combine-schedulers TestScheduler", runs: 2) {
  expect(await peerScenarios.oneShotActions(10_000), 10_000, "one-shot (peer)")
}
compare(harnessOneShot, to: peerOneShot, target: 300)

print("TestScheduler, a repeating schedule advanced through 10,000 ticks at once")
let (harnessTicks, peerTicks) = await sideBySide(
  "Harness TestScheduler", "combine-schedulers TestScheduler", count: 10_000, rounds: 11,
  harness: { expect(await harnessScenarios.repeatingTicks(10_000), 10_000, "repeating") },
  peer: { expect(await peerScenarios.repeatingTicks(10_000), 10_000, "repeating (peer)") }
)
compare(harnessTicks, to: peerTicks, target: 1)

// Per action beside TestClock's per sleeper: both settle the test's work after each one when
// advanced with `await`; the synchronous advance only runs the actions.
print("Cost per action beside TestClock's cost per sleeper (1,000 each)")
let clockPerSleeper = await measure("Harness TestClock, per sleeper", runs: 7) {
  await testClockScenarios.sleepers(1_000)
}.perOperation(1_000)
let settlingPerAction = await measure("Harness TestScheduler, await advance, per action", runs: 7) {
  expect(await harnessSettlingScenarios.oneShotActions(1_000), 1_000, "one-shot (settling)")
}.perOperation(1_000)
let syncPerAction = await measure("Harness TestScheduler, advance, per action", runs: 7) {
  expect(await harnessScenarios.oneShotActions(1_000), 1_000, "one-shot (1,000)")
}.perOperation(1_000)
report(clockPerSleeper)
for perAction in [settlingPerAction, syncPerAction] {
  let ratio = perAction.fastestNanoseconds / max(clockPerSleeper.fastestNanoseconds, 1)
  report(
    perAction,
    note: "\((ratio * 100).rounded() / 100)× TestClock's per sleeper on the fastest runs (target: at most 2×) \(ratio <= 2 ? "met" : "NOT met")"
  )
}
