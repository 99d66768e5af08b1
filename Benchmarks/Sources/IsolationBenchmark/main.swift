import BenchmarkSupport
import Foundation
import HarnessClocks
import Synchronization

// Tests do not wait for each other: one test's 1,000 advances alone, and then beside a test whose
// followed job blocks its world for 5 s and a TestClock kept alive in a global (a `static`), whose
// world never retires. Production-like work in no world (a task yielding in a loop) runs
// throughout both phases. Each "test" is a detached task, with a world of its own.
//
// Then 1,000 short tests (a clock made, advanced once and dropped: a world begun and retired),
// alone, and beside a world kept alive after its work started 100,000 tasks that have ended
// (their routing entries stay until that world retires). A retirement scanned every world's
// entries, so each short test cost a scan of 100,000 (5.8× alone); now it visits its own. The
// rest (target ≤ 1.5×): with 100,000 entries the lock-free look (`TaskTable.Presence`) says
// "maybe" for every task, so the short tests' jobs take the registry lock to decide.
//
// Run: swift run -c release --package-path Benchmarks IsolationBenchmark

/// A test's 1,000 advances of its own clock, each resuming one sleeper.
@Sendable func thousandAdvances() async {
  await Task.detached {
    let clock = TestClock()
    let sleeper = Task {
      for _ in 0..<1_000 { try? await clock.sleep(for: .seconds(1)) }
    }
    for _ in 0..<1_000 { await clock.advance(by: .seconds(1)) }
    await sleeper.value
  }.value
}

/// Work of no test: a task that yields until told to stop.
let stopBackground = Atomic<Bool>(false)
let backgroundJobs = Atomic<Int>(0)
let background = Task.detached {
  while !stopBackground.load(ordering: .relaxed) {
    backgroundJobs.add(1, ordering: .relaxed)
    await Task.yield()
  }
}

/// 1,000 short tests, one after another: each a world begun and retired.
@Sendable func thousandShortTests() async {
  for _ in 0..<1_000 {
    await Task.detached {
      let clock = TestClock()
      await clock.advance(by: .seconds(1))
    }.value
  }
}

print("One test's 1,000 TestClock advances, alone, then beside a blocked test and a clock kept in a static")
let alone = await measure("alone", runs: 9) { await thousandAdvances() }
let shortAlone = await measure("1,000 short tests, alone", runs: 9) { await thousandShortTests() }

/// The clock a "static" keeps: its world lives for the rest of the process, with a sleeper.
nonisolated(unsafe) var keptClock: TestClock<Duration>?
await Task.detached {
  let clock = TestClock()
  keptClock = clock
  Task { try? await clock.sleep(for: .seconds(3_600)) }
  await clock.advance(by: .seconds(1))
}.value

/// The other test: a job of its world blocks the world's thread for 5 s.
let blocking = Atomic<Bool>(false)
let blockedTest = Task.detached {
  let clock = TestClock()
  Task {
    try? await clock.sleep(for: .seconds(1))
    blocking.store(true, ordering: .relaxed)
    usleep(5_000_000)
  }
  await clock.advance(by: .seconds(1))
}
while !blocking.load(ordering: .relaxed) { try? await Task.sleep(for: .milliseconds(1)) }
let start = ContinuousClock.now
let beside = await measure("beside a blocked test and a kept clock", runs: 9) { await thousandAdvances() }
let measuredWhileBlocked = ContinuousClock.now - start < .seconds(5)
await blockedTest.value

/// A kept clock whose test started 100,000 tasks, all ended since.
nonisolated(unsafe) var crowdedClock: TestClock<Duration>?
await Task.detached {
  let clock = TestClock()
  crowdedClock = clock
  await clock.advance(by: .seconds(1))
  for _ in 0..<100_000 { await Task {}.value }
  await clock.advance(by: .seconds(1))
}.value
let shortBeside = await measure("1,000 short tests, beside a world of 100,000 ended tasks", runs: 9) {
  await thousandShortTests()
}
stopBackground.store(true, ordering: .relaxed)
await background.value

/// Prints both measurements and their ratio on the fastest runs against `target`.
func printBesideAlone(_ alone: BenchmarkSupport.Measurement, _ beside: BenchmarkSupport.Measurement, target: Double) {
  for measurement in [alone, beside] {
    print(
      "\(measurement.name): \(measurement.formatted) median, \(formatDuration(nanoseconds: measurement.fastestNanoseconds)) fastest"
    )
  }
  let ratio = beside.fastestNanoseconds / max(alone.fastestNanoseconds, 1)
  let medianRatio = beside.medianNanoseconds / max(alone.medianNanoseconds, 1)
  print(
    "Beside / alone: \(formatRatio(ratio))× on the fastest runs, \(formatRatio(medianRatio))× on the medians (target: at most \(formatRatio(target))× on the fastest) \(ratio <= target ? "met" : "NOT met")"
  )
}

printBesideAlone(alone, beside, target: 1.2)
print("All runs beside the blocked test ran while its job blocked: \(measuredWhileBlocked ? "yes" : "NO (the figures above are not a fair test)")")
print("Jobs of no world run meanwhile: \(backgroundJobs.load(ordering: .relaxed))")
print()
printBesideAlone(shortAlone, shortBeside, target: 1.5)
