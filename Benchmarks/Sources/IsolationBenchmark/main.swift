import BenchmarkSupport
import Foundation
import HarnessClocks
import Synchronization

// Tests do not wait for each other: one test's 1,000 advances alone, and beside a test whose
// followed job blocks its world (up to 5 s) and a TestClock kept alive in a global (a `static`),
// whose world does not retire while it is kept. Production-like work in no world (a task yielding
// in a loop) runs throughout. Each "test" is a detached task, with a world of its own. Alone and
// beside alternate, round by round, the neighbours set up before each run beside and dropped
// after it.
//
// Then 1,000 short tests (a clock made, advanced once and dropped: a world begun and retired),
// alone, and beside a world kept alive after its work started 100,000 tasks that have ended
// (their routing entries stay until that world retires), alternating the same way. A
// retirement scanned every world's entries, so each short test cost a scan of 100,000 (5.8×
// alone); now it visits its own. The rest (target ≤ 1.5×): with 100,000 entries the lock-free
// look (`TaskTable.Presence`) says "maybe" for every task, so the short tests' jobs take the
// registry lock to decide.
//
// Then the main actor: the 1,000 advances alone and beside a test whose main-actor job blocks
// the main queue (target ≤ 1.2×: a settle never waits for the main queue on another test's
// behalf), and the cost of an advance whose sleeper is on the main actor beside one whose is not.
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

/// Sets up what "beside" means for the 1,000 advances: a TestClock kept alive in a global (a
/// `static`), whose world never retires while it is kept, with a sleeper; and another test
/// whose followed job blocks its world's thread (until released, at most 5 s). Returns once
/// that job blocks; what it returns releases the job and drops the kept clock.
nonisolated(unsafe) var keptClock: TestClock<Duration>?
/// Whether the blocked test's job blocks, and whether it may stop.
final class BlockedJobFlags: Sendable {
  let blocking = Atomic<Bool>(false)
  let released = Atomic<Bool>(false)

  /// Blocks the calling job's thread until released, at most 5 s (a block that runs out is
  /// counted in `blockedJobsLate`).
  func blockUntilReleased() {
    blocking.store(true, ordering: .relaxed)
    let start = ContinuousClock.now
    while !released.load(ordering: .relaxed), ContinuousClock.now - start < .seconds(5) { usleep(1_000) }
    if !released.load(ordering: .relaxed) { blockedJobsLate.add(1, ordering: .relaxed) }
  }

  /// Returns once a job blocks (the benchmark's set-up only: it polls).
  func waitUntilBlocking() async {
    while !blocking.load(ordering: .relaxed) { try? await Task.sleep(for: .milliseconds(1)) }
  }
}
/// Blocked jobs that ran out their 5 s before the run beside them ended.
let blockedJobsLate = Atomic<Int>(0)
func arrangeBlockedTestAndKeptClock() async -> @Sendable () async -> Void {
  let keptSleeper = await Task.detached {
    let clock = TestClock()
    keptClock = clock
    let sleeper = Task { try? await clock.sleep(for: .seconds(3_600)) }
    await clock.advance(by: .seconds(1))
    return sleeper
  }.value
  let flags = BlockedJobFlags()
  let blockedTest = Task.detached {
    let clock = TestClock()
    Task {
      try? await clock.sleep(for: .seconds(1))
      flags.blockUntilReleased()
    }
    await clock.advance(by: .seconds(1))
  }
  await flags.waitUntilBlocking()
  return {
    flags.released.store(true, ordering: .relaxed)
    await blockedTest.value
    keptSleeper.cancel()
    _ = await keptSleeper.result
    keptClock = nil
  }
}

/// Sets up a kept clock whose test started 100,000 tasks, all ended since (their routing entries
/// stay until its world retires); what it returns drops it.
nonisolated(unsafe) var crowdedClock: TestClock<Duration>?
func arrangeCrowdedWorld() async -> @Sendable () async -> Void {
  await Task.detached {
    let clock = TestClock()
    crowdedClock = clock
    await clock.advance(by: .seconds(1))
    for _ in 0..<100_000 { await Task {}.value }
    await clock.advance(by: .seconds(1))
  }.value
  return { crowdedClock = nil }
}

/// Sets up a test whose main-actor job blocks the main queue (until released, at most 5 s):
/// another test's settles must not wait for the main queue. Returns once the job blocks.
func arrangeBlockedMainQueue() async -> @Sendable () async -> Void {
  let flags = BlockedJobFlags()
  let blockedTest = Task.detached {
    let clock = TestClock()
    Task { @MainActor in
      flags.blockUntilReleased()
    }
    await clock.advance(by: .seconds(1))
  }
  await flags.waitUntilBlocking()
  return {
    flags.released.store(true, ordering: .relaxed)
    await blockedTest.value
  }
}

/// A test's 1,000 advances, each resuming one sleeper on the main actor (an app's
/// `@MainActor` model ticking): a settle that waits for the test's main-actor work.
@Sendable func thousandMainActorAdvances() async {
  await Task.detached {
    let clock = TestClock()
    let sleeper = Task { @MainActor in
      for _ in 0..<1_000 { try? await clock.sleep(for: .seconds(1)) }
    }
    for _ in 0..<1_000 { await clock.advance(by: .seconds(1)) }
    await sleeper.value
  }.value
}

print("One test's 1,000 TestClock advances, alone and beside a blocked test and a clock kept in a static, in alternation")
let (alone, beside) = await aloneAndBeside(
  ("alone", "beside a blocked test and a kept clock"), rounds: 15, { await thousandAdvances() },
  arrange: arrangeBlockedTestAndKeptClock)
let (shortAlone, shortBeside) = await aloneAndBeside(
  ("1,000 short tests, alone", "1,000 short tests, beside a world of 100,000 ended tasks"),
  rounds: 15, { await thousandShortTests() }, arrange: arrangeCrowdedWorld)
// Off the main actor: this program's main queue is the one the neighbour blocks.
let (mainAlone, mainBeside) = await Task.detached {
  await aloneAndBeside(
    ("alone", "beside a test whose main-actor job blocks the main queue"), rounds: 15,
    { await thousandAdvances() }, arrange: arrangeBlockedMainQueue)
}.value
let mainActorSettles = await Task.detached {
  await alternate(count: 1_000, rounds: 15, [
    ("advance resuming a sleeper on the main actor", { await thousandMainActorAdvances() }),
    ("advance resuming a sleeper off the main actor", { await thousandAdvances() }),
  ])
}.value
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
print("All runs beside the blocked test ran while its job blocked: \(blockedJobsLate.load(ordering: .relaxed) == 0 ? "yes" : "NO (the figures above are not a fair test)")")
print("Jobs of no world run meanwhile: \(backgroundJobs.load(ordering: .relaxed))")
print()
printBesideAlone(shortAlone, shortBeside, target: 1.5)
print()
print("One test's 1,000 TestClock advances, alone and beside a test blocking the main queue with its main-actor job")
printBesideAlone(mainAlone, mainBeside, target: 1.2)
print()
print("A settle with main-actor work: one advance of a test clock whose sleeper is on the main actor, beside one whose sleeper is not")
for measurement in mainActorSettles {
  print("\(measurement.name): \(measurement.formatted) median, \(formatDuration(nanoseconds: measurement.fastestNanoseconds)) fastest")
}
print(
  "On the main actor / off it: \(formatRatio(mainActorSettles[0].medianNanoseconds / max(mainActorSettles[1].medianNanoseconds, 1)))× on the medians"
)
