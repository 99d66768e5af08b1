import HarnessClocks
import HarnessRuntime
import HarnessDependencies
import HarnessIssues

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the iterations of an exploration (or one replay) and reports the first failing one.
/// Used by ``withInterleavings(_:strategy:seed:maxSteps:shrinking:fileID:filePath:line:column:_:)`` and by the
/// Swift Testing trait.
package struct InterleavingExplorer: Sendable {
  /// The base seed when none is given: fixed, so that CI explores the same orders every run.
  package static let defaultBaseSeed: UInt64 = 0x4841_524E_4553_53
  /// Shifts the default base seed, for exploration jobs that should try other orders.
  package static let seedVariable = "HARNESS_INTERLEAVINGS_SEED"
  /// How long an iteration may have no job ready, with its body unfinished, before it counts
  /// as stalled.
  package static let defaultStallPatience = Duration.seconds(10)
  /// How many jobs an iteration may run before it counts as not returning (the step bound).
  package static let defaultMaxSteps = 100_000

  /// Where the exploration was asked for: where its issue goes when no issue of the run has a
  /// place of its own.
  let location: SourceCodeLocation
  let stallPatience: Duration
  /// The step bound: jobs per iteration.
  let maxSteps: Int

  /// How much shrinking a failing schedule may cost.
  let shrinkBudget: ShrinkBudget

  /// Whether an exploration in which no iteration had a choice warns (not for a trait a suite
  /// gave all its tests: some of them have nothing to explore).
  let warnsWhenNothingExplored: Bool

  package init(
    location: SourceCodeLocation,
    stallPatience: Duration = Self.defaultStallPatience,
    maxSteps: Int = Self.defaultMaxSteps,
    shrinkBudget: ShrinkBudget = .default,
    warnsWhenNothingExplored: Bool = true
  ) {
    self.location = location
    self.stallPatience = stallPatience
    self.maxSteps = maxSteps
    self.shrinkBudget = shrinkBudget
    self.warnsWhenNothingExplored = warnsWhenNothingExplored
  }

  /// Whether the step bound is usable; reports it at the exploration's place if not.
  private func checkMaxSteps() -> Bool {
    guard maxSteps >= 1 else {
      reportIssue(ReportedIssue(message: InterleavingMessages.badMaxSteps(maxSteps), location: location))
      return false
    }
    return true
  }

  /// The base seed: `seed`, else the default shifted by ``seedVariable``.
  static func baseSeed(_ seed: UInt64?) -> UInt64 {
    baseSeed(seed, shiftedBy: environment(seedVariable))
  }

  /// The base seed: `seed`, else the default shifted by `shift` (the variable's text: decimal or
  /// `0x` hexadecimal); a shift that is no number is reported and ignored.
  package static func baseSeed(_ seed: UInt64?, shiftedBy shift: String?) -> UInt64 {
    if let seed { return seed }
    guard let text = shift, !text.isEmpty else { return defaultBaseSeed }
    let value = text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
    guard let value else {
      reportIssue(
        ReportedIssue(
          message: InterleavingMessages.badSeedVariable(text, name: seedVariable),
          location: SourceCodeLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
        )
      )
      return defaultBaseSeed
    }
    return defaultBaseSeed &+ value
  }

  /// The seed of iteration `iteration` (from 1): SplitMix64 of the base and the iteration, so
  /// neighbouring iterations draw unrelated orders.
  static func iterationSeed(base: UInt64, iteration: Int) -> UInt64 {
    var z = base &+ UInt64(iteration) &* 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Runs the iterations `budget` allows (a count, or as many as start before a time budget
  /// ends, at least one per strategy), the strategies taking turns; stops at the first that
  /// fails and reports it. Prints a report of what was explored (and warns if no iteration had
  /// a choice to make), and returns it; `nil` when the arguments allowed no exploration.
  ///
  /// `shard`: the part of the iterations to run (by default the one ``InterleavingShard/variable``
  /// names). `name`: the test's, for the report. `waitingForStalledRuns`: for an operation that
  /// must not outlive the call (a test function), a stalled iteration is reported at once, then
  /// waited for, instead of abandoned.
  @discardableResult
  package func explore(
    _ budget: ExplorationBudget,
    strategies: [InterleavingStrategy],
    seed: UInt64?,
    shard: InterleavingShard? = nil,
    name: String? = nil,
    waitingForStalledRuns: Bool = false,
    _ operation: @escaping @Sendable () async throws -> Void
  ) async -> InterleavingReport? {
    guard checkBudget(budget), checkMaxSteps() else { return nil }
    guard !strategies.isEmpty else {
      reportIssue(ReportedIssue(message: InterleavingMessages.noStrategies, location: location))
      return nil
    }
    let shard = shard ?? InterleavingShard.fromEnvironment(Self.environment(InterleavingShard.variable), location: location)
    let base = Self.baseSeed(seed)
    let clock = ContinuousClock()
    let start = clock.now
    var tally = ReportTally(strategies: strategies)
    var failedIteration: Int?
    var expectedSteps = 100
    let creationSites = TaskCreationSites()
    var local = 0
    while Self.mayStart(local + 1, budget: budget, strategies: strategies.count, since: start) {
      local += 1
      let iteration = shard.iteration(local: local, roundLength: strategies.count)
      let strategyIndex = (local - 1) % strategies.count
      let strategy = strategies[strategyIndex]
      let iterationSeed = Self.iterationSeed(base: base, iteration: iteration)
      let order: any RecordedJobOrder
      switch strategy.kind {
      case .random:
        order = JobOrder(RandomOrder(seed: iterationSeed), creationSites: creationSites)
      case .pct(let depth):
        order = JobOrder(
          PriorityChangeOrder(seed: iterationSeed, depth: depth, expectedSteps: expectedSteps), creationSites: creationSites)
      case .exhaustive:
        // Only replay strings name it; no public constructor makes it a strategy to draw from.
        order = JobOrder(RandomOrder(seed: iterationSeed), creationSites: creationSites)
      }
      let message = { [local] (run: Run, shrunk: ShrunkSchedule?) in
        let decisions = shrunk.map { $0.decisions.map(\.decision) } ?? order.decisions
        let schedule = Schedule(strategy: strategy, baseSeed: base, iteration: iteration, decisions: decisions)
        return InterleavingMessages.failedIteration(
          iteration: iteration,
          progress: InterleavingMessages.progress(local: local, budget: budget, shard: shard, elapsed: clock.now - start),
          strategy: strategy, baseSeed: base, run: shrunk?.run ?? run, replay: schedule.replayString, shrunk: shrunk,
          stallPatience: stallPatience, maxSteps: maxSteps, madeChoices: !order.decisions.isEmpty)
      }
      let run = await self.run(
        operation, order: order, label: "interleaving iteration \(iteration)",
        reportingStallsWith: waitingForStalledRuns ? { message($0, nil) } : nil)
      expectedSteps = max(order.steps, 1)
      tally.note(iteration: iteration, strategy: strategyIndex, order: order)
      if run.failed {
        if !run.stallWasReported {
          // A run with no choice has nothing to shrink.
          let shrunk =
            order.decisions.isEmpty
            ? nil
            : await shrink(
              order.decisions, failedBy: run, creationSites: creationSites, waitingForStalledRuns: waitingForStalledRuns,
              operation)
          report(message(run, shrunk), run: shrunk?.run ?? run)
        }
        failedIteration = iteration
        break
      }
    }
    let place = "\(location.fileID):\(location.line)" + (name.map { " (\($0))" } ?? "")
    var budgetDuration: Duration?
    if case .duration(let duration) = budget { budgetDuration = duration }
    let report = tally.report(
      place: place, baseSeed: base, shard: shard, budget: budgetDuration, elapsed: clock.now - start,
      failedIteration: failedIteration)
    Self.print(report.description)
    if failedIteration == nil, report.hadNoChoices, warnsWhenNothingExplored {
      reportIssue(
        ReportedIssue(message: InterleavingMessages.noChoices(report), severity: .warning, location: location))
    }
    return report
  }

  /// Runs every schedule `mode` bounds (see ``ExhaustiveSearch``), until the first failure, which
  /// is shrunk and reported, or the cap. Prints and returns the report, which says whether the
  /// exploration is complete; `nil` when the arguments allowed no exploration.
  @discardableResult
  package func exploreExhaustively(
    _ mode: ExhaustiveExploration,
    name: String? = nil,
    waitingForStalledRuns: Bool = false,
    _ operation: @escaping @Sendable () async throws -> Void
  ) async -> InterleavingReport? {
    guard checkMaxSteps() else { return nil }
    guard mode.preemptions >= 0, mode.maxSchedules >= 1 else {
      reportIssue(ReportedIssue(message: InterleavingMessages.badExhaustive(mode), location: location))
      return nil
    }
    let strategy = InterleavingStrategy(kind: .exhaustive(preemptions: mode.preemptions))
    let clock = ContinuousClock()
    let start = clock.now
    let creationSites = TaskCreationSites()
    let stallPatience = stallPatience
    let maxSteps = maxSteps
    let stallMessage: ((Run) -> String)? =
      waitingForStalledRuns
      ? { run in
        InterleavingMessages.failedSchedule(
          run: run, replay: nil, shrunk: nil, preemptions: mode.preemptions, stallPatience: stallPatience,
          maxSteps: maxSteps)
      } : nil
    let runSchedule = runner(
      operation, policy: ExhaustiveOrder.self, creationSites: creationSites, label: "interleaving schedule",
      reportingStallsWith: stallMessage)
    let search = ExhaustiveSearch(
      preemptionBound: mode.preemptions, maxSchedules: mode.maxSchedules, pruning: mode.pruning
    ) { await runSchedule($0, false) }
    var tally = ReportTally(strategies: [strategy])
    var runs = 0
    let outcome = await search.run { order in
      runs += 1
      tally.note(iteration: runs, strategy: 0, order: order)
    }
    if let failure = outcome.failure, !failure.run.stallWasReported {
      let decisions = failure.order.decisions
      let shrunk = await shrink(
        decisions, failedBy: failure.run, creationSites: creationSites, waitingForStalledRuns: waitingForStalledRuns,
        operation)
      let schedule = Schedule(
        strategy: strategy, baseSeed: 0, iteration: outcome.runs,
        decisions: shrunk.map { $0.decisions.map(\.decision) } ?? decisions)
      let run = shrunk?.run ?? failure.run
      report(
        InterleavingMessages.failedSchedule(
          run: run, replay: schedule.replayString, shrunk: shrunk, preemptions: mode.preemptions,
          stallPatience: stallPatience, maxSteps: maxSteps, number: outcome.runs),
        run: run)
    }
    let place = "\(location.fileID):\(location.line)" + (name.map { " (\($0))" } ?? "")
    let report = tally.report(
      place: place, baseSeed: 0, shard: .whole, budget: nil, elapsed: clock.now - start,
      failedIteration: outcome.failure == nil ? nil : outcome.runs,
      exhaustive: ExhaustiveOutcome(
        preemptions: mode.preemptions, schedulesExplored: outcome.explored, schedulesPruned: outcome.pruned,
        isComplete: outcome.isComplete, maxSchedules: mode.maxSchedules,
        reachedCap: outcome.failure == nil && !outcome.isComplete))
    Self.print(report.description)
    if outcome.failure == nil, report.hadNoChoices, warnsWhenNothingExplored {
      reportIssue(
        ReportedIssue(message: InterleavingMessages.noChoices(report), severity: .warning, location: location))
    }
    return report
  }

  /// Whether the `local`th iteration (from 1) may start: within the count, or, for a time
  /// budget, in the first round or before the budget ends.
  private static func mayStart(
    _ local: Int, budget: ExplorationBudget, strategies: Int, since start: ContinuousClock.Instant
  ) -> Bool {
    switch budget {
    case .iterations(let count): local <= count
    case .duration(let duration): local <= strategies || ContinuousClock.now - start < duration
    }
  }

  /// Whether `budget` allows an exploration; reports it at the exploration's place if not.
  private func checkBudget(_ budget: ExplorationBudget) -> Bool {
    let message: String
    switch budget {
    case .iterations(let count):
      guard count < 1 else { return true }
      message = InterleavingMessages.badIterationCount(count)
    case .duration(let duration):
      guard duration <= .zero else { return true }
      message = InterleavingMessages.badDuration(duration)
    }
    reportIssue(ReportedIssue(message: message, location: location))
    return false
  }

  /// An environment variable's value, if set.
  private static func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// Writes `text` and a newline to standard output in one write, so that tests running in
  /// parallel do not split it.
  private static func print(_ text: String) {
    let line = text + "\n"
    fflush(nil)
    line.utf8CString.withUnsafeBufferPointer { buffer in
      var offset = 0
      let count = buffer.count - 1
      while offset < count {
        let written = write(1, buffer.baseAddress! + offset, count - offset)
        guard written > 0 else { return }
        offset += written
      }
    }
  }

  /// How many times a replay runs its schedule: once, then again to check that the runs agree.
  static let replayRuns = 3

  /// Runs `operation` in the order `replayString` recorded, three times: a replay that does not
  /// repeat itself (real time, real randomness, Dispatch work steering the run) is reported with
  /// the first step where the runs differ.
  package func replay(
    _ replayString: String,
    waitingForStalledRuns: Bool = false,
    _ operation: @escaping @Sendable () async throws -> Void
  ) async {
    guard let schedule = Schedule(replayString: replayString) else {
      reportIssue(ReportedIssue(message: InterleavingMessages.badReplayString(replayString), location: location))
      return
    }
    guard checkMaxSteps() else { return }
    let creationSites = TaskCreationSites()
    let driver = TaskIdentity.currentTaskID()
    let order = JobOrder(ReplayOrder(schedule, driver: driver), creationSites: creationSites)
    let message = { (run: Run, nondeterminism: String?) in
      InterleavingMessages.replayed(
        schedule: schedule, run: run, divergence: order.divergence, nondeterminism: nondeterminism,
        stallPatience: stallPatience, maxSteps: maxSteps)
    }
    let run = await self.run(
      operation, order: order, label: "interleaving replay",
      reportingStallsWith: waitingForStalledRuns ? { message($0, nil) } : nil)
    guard !run.stallWasReported else { return }
    var nondeterminism: String?
    if !run.stalled {
      for number in 2...Self.replayRuns where nondeterminism == nil {
        let again = JobOrder(ReplayOrder(schedule, driver: driver), creationSites: creationSites)
        let rerun = await self.run(
          operation, order: again, label: "interleaving replay",
          reportingStallsWith: waitingForStalledRuns ? { message($0, nil) } : nil)
        if rerun.stallWasReported { return }
        nondeterminism = order.finalPolicy.trace.firstDifference(from: again.finalPolicy.trace, otherNumber: number)
        if nondeterminism == nil, rerun.failed != run.failed {
          nondeterminism = "run 1 \(run.failed ? "failed" : "passed"), run \(number) \(rerun.failed ? "failed" : "passed")"
        }
      }
    }
    if run.failed || order.divergence != nil {
      report(message(run, nondeterminism), run: run)
    } else if let nondeterminism {
      reportIssue(
        ReportedIssue(message: InterleavingMessages.nondeterministicReplay(schedule, nondeterminism), location: location))
    }
  }

  /// Shrinks a failing schedule within the budget (see ``ScheduleShrinker``).
  func shrink(
    _ decisions: [Schedule.Decision],
    failedBy run: Run,
    creationSites: TaskCreationSites,
    waitingForStalledRuns: Bool,
    _ operation: @escaping @Sendable () async throws -> Void
  ) async -> ShrunkSchedule? {
    guard shrinkBudget.replays >= 0, shrinkBudget.duration >= .zero else {
      reportIssue(ReportedIssue(message: InterleavingMessages.badShrinkBudget(shrinkBudget), location: location))
      return nil
    }
    let stallMessage: ((Run) -> String)? =
      waitingForStalledRuns
      ? { InterleavingMessages.stalledWhileShrinking($0, stallPatience: stallPatience, maxSteps: maxSteps) } : nil
    let runCandidate = runner(
      operation, policy: GuidedOrder.self, creationSites: creationSites, label: "interleaving shrinking",
      reportingStallsWith: stallMessage)
    let runSchedule = runner(
      operation, policy: ExhaustiveOrder.self, creationSites: creationSites, label: "interleaving shrinking",
      reportingStallsWith: stallMessage)
    let shrinker = ScheduleShrinker(budget: shrinkBudget, runCandidate: runCandidate) { preemptions, runs, deadline in
      var search = ExhaustiveSearch(preemptionBound: preemptions, maxSchedules: runs, pruning: true) {
        await runSchedule($0, false)
      }
      search.deadline = deadline
      let outcome = await search.run { _ in }
      return (outcome.failure.flatMap { $0.run.stalled ? nil : $0.order.decisions }, outcome.runs, outcome.isComplete)
    }
    return await shrinker.shrink(decisions, failedBy: run)
  }

  /// Runs `operation` once per call, in the order of the policy it is given (naming the run's
  /// tasks when asked): the runs of a search or of shrinking.
  private func runner<Policy: JobOrderPolicy>(
    _ operation: @escaping @Sendable () async throws -> Void,
    policy: Policy.Type,
    creationSites: TaskCreationSites,
    label: String,
    reportingStallsWith stallMessage: ((Run) -> String)?
  ) -> (Policy, Bool) async -> (run: Run, order: JobOrder<Policy>) {
    { policy, namingTasks in
      let order = JobOrder(policy, creationSites: creationSites, namingTasks: namingTasks)
      let run = await self.run(operation, order: order, label: label, reportingStallsWith: stallMessage)
      return (run, order)
    }
  }

  /// What one iteration did.
  struct Run {
    var issues: [ReportedIssue] = []
    var error: (any Error)?
    var stallReport: String?
    /// Whether the run ran past the step bound (then `stallReport` lists its tasks).
    var exceededSteps = false
    /// Whether the stall was reported while the run went on (a run that cannot be abandoned).
    var stallWasReported = false
    var failed: Bool {
      issues.contains { $0.severity == .error } || error != nil || stallReport != nil || stallWasReported
    }
    /// Whether it stalled or ran past its step bound.
    var stalled: Bool { stallReport != nil || stallWasReported }

    /// Notes how an abandoned run ended.
    mutating func note(_ outcome: ExploredRunOutcome) {
      switch outcome {
      case .finished(let error): self.error = error
      case .stalled(let report): stallReport = report
      case .exceededJobs(_, let report):
        stallReport = report
        exceededSteps = true
      }
    }
  }

  /// One iteration: a fresh world, fresh dependencies, a test identity of its own; every issue
  /// it raises is captured instead of failing the test, to be reported once with the iteration.
  ///
  /// With `reportingStallsWith`, a stall is reported at once with that message (its issues so
  /// far included), and the run is waited for rather than abandoned.
  func run(
    _ operation: @escaping @Sendable () async throws -> Void,
    order: any RecordedJobOrder,
    label: String,
    reportingStallsWith stallMessage: ((Run) -> String)?
  ) async -> Run {
    let capture = IssueCapture()
    var outcome: ExploredRunOutcome?
    var stallReported = false
    let location = location
    let stallPatience = stallPatience
    let onStall: ((ExploredRunOutcome, Bool) -> Void)? = stallMessage.map { stallMessage in
      { outcome, again in
        guard !again else { Self.endProcess(stalledAt: location, outcome: outcome) }
        var run = Run(issues: capture.issues)
        run.note(outcome)
        capture.reportOutside(ReportedIssue(message: stallMessage(run), location: self.place(for: run)))
        stallReported = true
      }
    }
    await capture.capture {
      outcome = await TestContext.$runOfTest.withValue(label) {
        await ExploredRun.run(
          chooser: order, stallPatience: stallPatience, maxJobs: maxSteps, testID: TestContext.current?.id,
          onStall: onStall
        ) {
          try await withFreshDependenciesRestartingGenerators { try await operation() }
        }
      }
    }
    var run = Run(issues: capture.issues)
    run.stallWasReported = stallReported
    if let outcome { run.note(outcome) }
    return run
  }

  /// Ends the process: a run that must not be abandoned (a Swift Testing test function) stalled
  /// twice, so its test can never return, and waiting would hang the whole test run. The stall
  /// was reported already; this says why the process ends.
  private static func endProcess(stalledAt location: SourceCodeLocation, outcome: ExploredRunOutcome) -> Never {
    var exceeded = false
    if case .exceededJobs = outcome { exceeded = true }
    let message = InterleavingMessages.endingStalledProcess(location: location, exceededSteps: exceeded) + "\n"
    fflush(nil)
    _ = message.withCString { write(2, $0, strlen($0)) }
    exit(EXIT_FAILURE)
  }

  /// Where a failing run's issue goes: the first issue it raised that has a place in the test's
  /// code, else where the exploration was asked for.
  private func place(for run: Run) -> SourceCodeLocation {
    run.issues.first { !$0.location.fileID.isEmpty && $0.location.line > 0 }?.location ?? location
  }

  /// Reports the failing iteration once: at the first issue it raised that has a place in the
  /// test's code, else where the exploration was asked for.
  private func report(_ message: String, run: Run) {
    reportIssue(ReportedIssue(message: message, location: place(for: run)))
  }
}
