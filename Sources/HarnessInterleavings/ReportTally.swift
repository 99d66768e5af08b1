/// The numbers of an exploration's report, gathered once per iteration from what its job order
/// recorded (nothing per job).
package struct ReportTally {
  /// Distinct schedules are counted by the hash of their decisions, up to this many (a long
  /// time budget runs millions of iterations); past it the count is a lower bound.
  static let distinctLimit = 1_000_000

  private let strategies: [InterleavingStrategy]
  private var iterationsByStrategy: [Int]
  private(set) var iterations = 0
  private var scheduleHashes = Set<Int>()
  /// Iterations per decision count: the median without keeping every count.
  private var decisionCounts: [Int: Int] = [:]
  private var fewestTasks = Int.max
  private var mostTasks = 0
  private var firstIterations: [Int] = []
  private var lastIteration = 0

  package init(strategies: [InterleavingStrategy]) {
    self.strategies = strategies
    iterationsByStrategy = Array(repeating: 0, count: strategies.count)
  }

  /// Notes iteration `iteration` (in the unsharded sequence), run with the `strategy`th strategy.
  package mutating func note(iteration: Int, strategy: Int, order: any RecordedJobOrder) {
    iterations += 1
    iterationsByStrategy[strategy] += 1
    let decisions = order.decisions
    if scheduleHashes.count < Self.distinctLimit { scheduleHashes.insert(decisions.hashValue) }
    decisionCounts[decisions.count, default: 0] += 1
    fewestTasks = min(fewestTasks, order.taskCount)
    mostTasks = max(mostTasks, order.taskCount)
    if firstIterations.count < 4 { firstIterations.append(iteration) }
    lastIteration = iteration
  }

  package func report(
    place: String,
    baseSeed: UInt64,
    shard: InterleavingShard,
    budget: Duration?,
    elapsed: Duration,
    failedIteration: Int?,
    exhaustive: ExhaustiveOutcome? = nil
  ) -> InterleavingReport {
    let counts = decisionCounts.keys.sorted()
    var median = 0
    var seen = 0
    for count in counts {
      seen += decisionCounts[count] ?? 0
      if seen * 2 >= iterations {
        median = count
        break
      }
    }
    return InterleavingReport(
      place: place,
      iterations: iterations,
      distinctSchedules: scheduleHashes.count,
      decisions: (counts.first ?? 0, median, counts.last ?? 0),
      tasks: (iterations == 0 ? 0 : fewestTasks, mostTasks),
      iterationsByStrategy: zip(strategies, iterationsByStrategy).map { ($0, $1) },
      baseSeed: baseSeed,
      shard: shard,
      iterationNumbers: (firstIterations, lastIteration),
      budget: budget,
      elapsed: elapsed,
      failedIteration: failedIteration,
      exhaustive: exhaustive
    )
  }
}
