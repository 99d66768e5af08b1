/// What an exploration explored: printed once when it ends (and, under the Swift Testing trait,
/// attached to the test), and returned by `withInterleavings`.
///
/// ```text
/// Interleavings explored at AccountTests.swift:12: 100 iterations (random) in 0.31 s, 87 distinct schedules.
///   Decisions per iteration: min 4, median 9, max 17. Tasks per iteration: 2 to 3.
///   Seeds: base 0x4841524e455353, iterations 1…100.
/// ```
public struct InterleavingReport: Sendable, CustomStringConvertible {
  /// Where the exploration was asked for (`File.swift:12`), and the test's name when known.
  public let place: String
  /// Iterations run (the failing one included).
  public let iterations: Int
  /// Iterations whose decisions (at each step with more than one ready job: how many were
  /// ready, which ran) differed from every other iteration's.
  public let distinctSchedules: Int
  /// Decisions (steps with more than one ready job) in the iteration with the fewest.
  public let fewestDecisions: Int
  /// The median of the decisions per iteration (the lower middle one for an even count).
  public let medianDecisions: Int
  /// Decisions in the iteration with the most.
  public let mostDecisions: Int
  /// Tasks that took part in the iteration with the fewest (the body's own task included).
  public let fewestTasks: Int
  /// Tasks that took part in the iteration with the most.
  public let mostTasks: Int
  /// The strategies, in the order they took turns, with the iterations each ran.
  public let iterationsByStrategy: [(strategy: InterleavingStrategy, iterations: Int)]
  /// The base seed the iterations' seeds are drawn from.
  public let baseSeed: UInt64
  /// The shard that ran (`1` of `1` for an exploration that is not sharded).
  public let shardIndex: Int
  /// How many shards the exploration was split into (`HARNESS_INTERLEAVINGS_SHARD`).
  public let shardCount: Int
  /// The iteration numbers run, in the unsharded sequence: up to four first ones and the last.
  let iterationNumbers: (first: [Int], last: Int)
  /// The time budget, for an exploration that had one.
  public let budget: Duration?
  /// How long the exploration took.
  public let elapsed: Duration
  /// The iteration that failed (and ended the exploration), in the unsharded sequence.
  public let failedIteration: Int?
  /// For a bounded exhaustive exploration: what it covered, and whether it is complete.
  public let exhaustive: ExhaustiveOutcome?

  /// Whether no iteration had a choice to make: every step had one ready job, so every
  /// iteration ran the same order and nothing was explored.
  public var hadNoChoices: Bool { mostDecisions == 0 }

  package init(
    place: String,
    iterations: Int,
    distinctSchedules: Int,
    decisions: (fewest: Int, median: Int, most: Int),
    tasks: (fewest: Int, most: Int),
    iterationsByStrategy: [(strategy: InterleavingStrategy, iterations: Int)],
    baseSeed: UInt64,
    shard: InterleavingShard,
    iterationNumbers: (first: [Int], last: Int),
    budget: Duration?,
    elapsed: Duration,
    failedIteration: Int?,
    exhaustive: ExhaustiveOutcome? = nil
  ) {
    self.place = place
    self.iterations = iterations
    self.distinctSchedules = distinctSchedules
    (fewestDecisions, medianDecisions, mostDecisions) = decisions
    (fewestTasks, mostTasks) = tasks
    self.iterationsByStrategy = iterationsByStrategy
    self.baseSeed = baseSeed
    shardIndex = shard.index
    shardCount = shard.count
    self.iterationNumbers = iterationNumbers
    self.budget = budget
    self.elapsed = elapsed
    self.failedIteration = failedIteration
    self.exhaustive = exhaustive
  }

  /// The report as printed: three or four lines.
  public var description: String {
    let strategies =
      iterationsByStrategy.count == 1
      ? "\(iterationsByStrategy[0].strategy)"
      : iterationsByStrategy.map { "\($0.strategy) \($0.iterations)" }.joined(separator: ", ")
    let budgetText = budget.map { " of a \($0.secondsText) budget" } ?? ""
    let plural = iterations == 1 ? "iteration" : "iterations"
    var lines = [
      """
      Interleavings explored at \(place): \(iterations) \(plural) (\(strategies)) in \(elapsed.secondsText)\
      \(budgetText), \(distinctSchedules) distinct \(distinctSchedules == 1 ? "schedule" : "schedules").
      """,
      """
        Decisions per iteration: min \(fewestDecisions), median \(medianDecisions), max \(mostDecisions). \
      Tasks per iteration: \(fewestTasks == mostTasks ? "\(mostTasks)" : "\(fewestTasks) to \(mostTasks)").
      """,
    ]
    var seeds = "  Seeds: base 0x\(String(baseSeed, radix: 16)), "
    if shardCount > 1 {
      seeds += "shard \(shardIndex) of \(shardCount) (\(InterleavingShard.variable)=\(shardIndex)/\(shardCount)), "
    }
    seeds += "iterations " + Self.list(iterationNumbers, count: iterations) + "."
    // An exhaustive exploration draws nothing from seeds: what it covered instead.
    lines.append(exhaustive?.line ?? seeds)
    if let failedIteration {
      lines.append("  Stopped at iteration \(failedIteration), which failed (reported as an issue, with its replay string).")
    }
    return lines.joined(separator: "\n")
  }

  /// `1…100` for a run of consecutive numbers, else `2, 6, 10, 14, …, 398`.
  private static func list(_ numbers: (first: [Int], last: Int), count: Int) -> String {
    guard let first = numbers.first.first else { return "none" }
    if count == 1 { return "\(first)" }
    if numbers.last - first + 1 == count { return "\(first)…\(numbers.last)" }
    let shown = numbers.first.map(String.init).joined(separator: ", ")
    if count <= numbers.first.count { return shown }
    return shown + (count > numbers.first.count + 1 ? ", …, " : ", ") + "\(numbers.last)"
  }
}
