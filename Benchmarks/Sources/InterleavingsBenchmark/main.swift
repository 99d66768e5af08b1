import BenchmarkSupport
import HarnessInterleavings

// The cost of exploring interleavings: one explored iteration of a body (a fresh world, its
// jobs run one at a time in a seeded random order, its dependencies fresh) beside one plain run
// of the same body on the global executor, in the same run.
//
// Run: swift run -c release --package-path Benchmarks InterleavingsBenchmark

/// An actor the body's tasks call into: each call from a task that is not on the actor hops.
actor Ledger {
  var total = 0
  func add(_ amount: Int) { total += amount }
}

/// About 100 jobs: four tasks, each doing twelve suspensions (six yields, six actor calls).
@Sendable func body() async {
  let ledger = Ledger()
  await withTaskGroup(of: Void.self) { group in
    for _ in 0..<4 {
      group.addTask {
        for step in 0..<6 {
          await Task.yield()
          await ledger.add(step)
        }
      }
    }
  }
  blackHole(await ledger.total)
}

let jobs = await countJobs(of: body)
print("Interleaving exploration: 1,000 iterations of a body of about \(jobs) jobs, beside 1,000 plain runs")
// Off the main actor, as a test runs (a driver on the main actor resumes through the main queue).
let (explored, plain) = await Task.detached {
  await sideBySide(
    "Explored iteration", "Plain run", count: 1_000, rounds: 15,
    harness: { await withInterleavings(1_000, body) },
    peer: { for _ in 0..<1_000 { await body() } }
  )
}.value
let cost = explored.fastestNanoseconds / max(plain.fastestNanoseconds, 1)
let medianCost = explored.medianNanoseconds / max(plain.medianNanoseconds, 1)
print(
  "Explored iteration: \(explored.formatted) vs plain run: \(plain.formatted) (medians) — an iteration costs "
    + "\(formatRatio(cost))× a plain run on the fastest runs (medians: \(formatRatio(medianCost))×) "
    + (cost <= 3 ? "[target ≤ 3×: met]" : "[target ≤ 3×: NOT MET]")
)

/// How many jobs one run of `body` takes: run it on an executor that counts what it is given
/// (the task group's children and the actor hops follow the task's executor preference).
func countJobs(of body: @escaping @Sendable () async -> Void) async -> Int {
  let executor = CountingExecutor()
  await withTaskExecutorPreference(executor) { await body() }
  return executor.count.value
}

final class CountingExecutor: TaskExecutor {
  let count = Counter()

  func enqueue(_ job: consuming ExecutorJob) {
    count.increment()
    globalConcurrentExecutor.enqueue(job)
  }
}

// The fixed cost of an iteration: an empty body, explored and plain.
let (emptyExplored, emptyPlain) = await Task.detached {
  await sideBySide(
    "Explored empty iteration", "Plain empty run", count: 1_000, rounds: 7,
    harness: { await withInterleavings(1_000) {} },
    peer: { for _ in 0..<1_000 { await Task.detached {}.value } }
  )
}.value
print("Fixed cost of an iteration: \(emptyExplored.formatted) (a detached task: \(emptyPlain.formatted))")
