import HarnessDump
import HarnessIssues

/// The texts of the issues an exploration reports.
enum InterleavingMessages {
  static func failedIteration(
    iteration: Int,
    progress: String,
    strategy: InterleavingStrategy,
    baseSeed: UInt64,
    run: InterleavingExplorer.Run,
    replay: String,
    shrunk: ShrunkSchedule? = nil,
    stallPatience: Duration,
    maxSteps: Int,
    madeChoices: Bool = true
  ) -> String {
    let header = """
      Interleaving exploration: iteration \(iteration)\(progress) failed \
      (strategy: \(strategy), base seed: 0x\(String(baseSeed, radix: 16))).
      \(whatWentWrong(run, stallPatience: stallPatience, maxSteps: maxSteps))
      """
    // A run with no choice cannot be replayed into failing: there was only one order to run.
    guard madeChoices else { return header + "\n" + noChoiceMade }
    return """
      \(header)
      \(shrunk.map(shrinkingText) ?? "")
      Replay exactly this order of jobs:
        @Test(.interleavings(replay: "\(replay)"))
        await withInterleavings(replay: "\(replay)") { … }
      """
  }

  /// Why a failing run that made no choice comes with no replay.
  static let noChoiceMade = """

    That run made no choice: at every step at most one job of its tasks was ready, so no order \
    was explored and there is none to replay. It fails in the only order the test's own tasks \
    allow (run it once to see it fail), or because of work outside the exploration that steered \
    it: real time (a Task.sleep), a Dispatch queue or another thread, a task of no test. Make \
    that work the test's (a TestClock, a test value for the dependency) to explore it.
    """

  /// A failing schedule of a bounded exhaustive exploration (`replay` is `nil` while the run
  /// is reported as a stall before it could be shrunk).
  static func failedSchedule(
    run: InterleavingExplorer.Run,
    replay: String?,
    shrunk: ShrunkSchedule?,
    preemptions: Int,
    stallPatience: Duration,
    maxSteps: Int,
    number: Int? = nil
  ) -> String {
    var text = """
      Interleaving exploration: \(number.map { "schedule \($0)" } ?? "a schedule") of the exhaustive exploration \
      (up to \(preemptions) \(preemptions == 1 ? "preemption" : "preemptions")) failed.
      \(whatWentWrong(run, stallPatience: stallPatience, maxSteps: maxSteps))
      \(shrunk.map(shrinkingText) ?? "")
      """
    if let replay {
      text += """
        Replay exactly this order of jobs:
          @Test(.interleavings(replay: "\(replay)"))
          await withInterleavings(replay: "\(replay)") { … }
        """
    }
    return text
  }

  static func badShrinkBudget(_ budget: ShrinkBudget) -> String {
    """
    shrinking: ShrinkBudget(replays: \(budget.replays), duration: \(budget.duration)) is not a budget: the failure \
    below is reported unshrunk. Give 0 or more replays and a duration of zero or more (.off turns \
    shrinking off).
    """
  }

  static func badExhaustive(_ mode: ExhaustiveExploration) -> String {
    """
    .exhaustive(preemptions: \(mode.preemptions), maxSchedules: \(mode.maxSchedules)) explores nothing: it needs \
    a preemption bound of 0 or more (2 finds most bugs) and a cap of at least 1 schedule.
    """
  }

  /// What shrinking found: the summary line and the preemptions, in words.
  static func shrinkingText(_ shrunk: ShrunkSchedule) -> String {
    var lines = [shrunk.summary]
    let preemptions = shrunk.preemptionLines
    lines.append(
      preemptions.isEmpty
        ? "No preemption: the schedule fails with every task going on while it can."
        : "The preemptions of that schedule (a task paused while it could have gone on):")
    lines += preemptions
    return "\n" + lines.joined(separator: "\n") + "\n"
  }

  static func stalledWhileShrinking(_ run: InterleavingExplorer.Run, stallPatience: Duration, maxSteps: Int) -> String {
    """
    Interleaving exploration: while shrinking a failing schedule, a smaller schedule stalled.
    \(whatWentWrong(run, stallPatience: stallPatience, maxSteps: maxSteps))
    """
  }

  /// Where a failing iteration is in its exploration: ` of 100`, ` (the 10th of 100 in shard 2
  /// of 4)`, ` (after 1.20 s of a 60 s budget)`.
  static func progress(local: Int, budget: ExplorationBudget, shard: InterleavingShard, elapsed: Duration) -> String {
    switch budget {
    case .iterations(let count) where shard.isWhole:
      return " of \(count)"
    case .iterations(let count):
      return " (number \(local) of \(count) in \(shard))"
    case .duration(let duration):
      return " (after \(elapsed.secondsText) of a \(duration.secondsText) budget\(shard.isWhole ? "" : ", in \(shard)"))"
    }
  }

  static func replayed(
    schedule: Schedule,
    run: InterleavingExplorer.Run,
    divergence: String?,
    nondeterminism: String? = nil,
    stallPatience: Duration,
    maxSteps: Int
  ) -> String {
    var text = "Interleaving replay (iteration \(schedule.iteration), strategy: \(schedule.strategy))"
    if let divergence {
      text += """
         no longer fits the code: \(divergence). The code under test changed since the schedule was \
        recorded, so this run did not repeat it; explore again with .interleavings(…) to find a \
        schedule for the code as it is.
        """
    } else {
      text += " failed, as recorded."
    }
    if run.failed { text += "\n" + whatWentWrong(run, stallPatience: stallPatience, maxSteps: maxSteps) }
    if let nondeterminism { text += "\n" + nondeterministicText(nondeterminism) }
    return text
  }

  /// A replay whose runs did not agree, though it did not fail.
  static func nondeterministicReplay(_ schedule: Schedule, _ difference: String) -> String {
    "Interleaving replay (iteration \(schedule.iteration), strategy: \(schedule.strategy)) passed, but "
      + nondeterministicText(difference)
  }

  /// Why a replay that does not repeat itself cannot be trusted, and what to do.
  static func nondeterministicText(_ difference: String) -> String {
    """
    This replay is not deterministic: its schedule ran \(InterleavingExplorer.replayRuns) times and the runs \
    diverged (\(difference)). Something the code under test depends on is outside Harness's control: \
    real time (Date(), ContinuousClock.now), real randomness, Dispatch work or threads of its own. A \
    replay of it may not show what the exploration saw; read time, dates and random numbers through \
    dependencies (\\.date, \\.continuousClock, \\.withRandomNumberGenerator) and test clocks.
    """
  }

  /// The issues, the thrown error and the stall of a run, one block each.
  private static func whatWentWrong(_ run: InterleavingExplorer.Run, stallPatience: Duration, maxSteps: Int) -> String {
    var blocks: [String] = []
    let issues = run.issues.filter { $0.severity == .error }
    if !issues.isEmpty {
      let list = issues.prefix(10).map { issue in
        let lines = issue.message.split(separator: "\n", omittingEmptySubsequences: false)
        let place = issue.location.line > 0 ? "\(issue.location.fileID):\(issue.location.line): " : ""
        return "  • \(place)" + lines.joined(separator: "\n    ")
      }
      let more = issues.count > 10 ? "\n  … and \(issues.count - 10) more" : ""
      blocks.append("Issues raised in that run:\n" + list.joined(separator: "\n") + more)
    }
    if let error = run.error {
      var dumped = ""
      customDump(error, to: &dumped)
      blocks.append("The operation threw an error:\n  " + dumped.split(separator: "\n").joined(separator: "\n  "))
    }
    if let stall = run.stallReport, run.exceededSteps {
      blocks.append(
        """
        The run did not return after \(maxSteps) jobs; a task spinning on Task.yield()? A loop \
        that waits for another task by yielding (`while !done { await Task.yield() }`) never ends \
        in an order that keeps running it, and neither does an endless loop of awaits. Wait with \
        something that suspends until the other task acts (a continuation, an AsyncStream, a \
        test clock's sleep), or raise the bound with maxSteps: if the work is merely long. The \
        tasks of that run:
        \(stall)
        """
      )
    } else if let stall = run.stallReport {
      blocks.append(
        """
        The run stalled: no job was ready for \(stallPatience) and the operation had not returned. \
        Its tasks wait for each other (a deadlock), or for work Harness does not follow (real I/O, \
        a real clock, a Dispatch queue, another test's task). The tasks of that run (suspended, or finished):
        \(stall)
        """
      )
    }
    return blocks.joined(separator: "\n")
  }

  static func endingStalledProcess(location: SourceCodeLocation, exceededSteps: Bool) -> String {
    let what =
      exceededSteps
      ? "ran past its step bound (reported above, with its replay string) and did so again with its jobs run first in, first out"
      : "stalled (reported above, with its replay string) and is still stalled"
    return """
      \(location.fileID):\(location.line): Harness: a test explored with .interleavings \(what): its \
      tasks will never let the test function return, and Swift Testing cannot go on without it. \
      Ending the test process rather than hanging. Explore code that may deadlock or spin with \
      `await withInterleavings(…) { … }`, which abandons such an iteration and returns.
      """
  }

  static func badMaxSteps(_ maxSteps: Int) -> String {
    "withInterleavings needs a step bound of at least 1 job, not maxSteps: \(maxSteps): nothing was explored."
  }

  static func badDuration(_ duration: Duration) -> String {
    "withInterleavings(for:) needs a time budget longer than zero, not \(duration): nothing was explored."
  }

  static let noStrategies = """
    withInterleavings needs at least one strategy to take turns (strategies: [.random, .pct(depth: 2)], \
    say), not an empty list: nothing was explored.
    """

  static func badShardVariable(_ text: String, name: String) -> String {
    """
    \(name)=\(text) is not a shard: all of the exploration's iterations run here. Set it to i/n \
    (shard i of n, 1 ≤ i ≤ n; e.g. 3/4) to run one of n disjoint parts of them.
    """
  }

  /// The warning for an exploration in which no iteration had a choice to make.
  static func noChoices(_ report: InterleavingReport) -> String {
    """
    Interleavings explored at \(report.place) explored nothing: in all \(report.iterations) \
    \(report.iterations == 1 ? "iteration" : "iterations") no step had more than one job ready, so \
    every iteration ran the same order. That usually means the work ran in one task only, or on a \
    Dispatch queue or thread the Swift runtime does not hand to Harness. Explore code in which \
    several tasks run at once (async let, task groups, Task { }, Task { @MainActor in }, calls \
    into other actors).
    """
  }

  static func badIterationCount(_ iterations: Int) -> String {
    "withInterleavings needs at least 1 iteration, not \(iterations): nothing was explored."
  }

  static func badReplayString(_ replay: String) -> String {
    """
    "\(replay)" is not a replay string: nothing was run. Paste the string a failed exploration \
    printed after "Replay exactly this order of jobs", as it is (strategy:seed:iteration:decisions).
    """
  }

  static func badSeedVariable(_ text: String, name: String) -> String {
    """
    \(name)=\(text) is not a number: the default seed is used. Set it to a decimal or 0x-prefixed \
    hexadecimal UInt64 to explore other orders.
    """
  }
}
