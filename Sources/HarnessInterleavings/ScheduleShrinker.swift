import HarnessClocks

/// Looks for a smaller failing schedule than the one an exploration found: fewer preemptions
/// first, then fewer decisions, by replaying candidates that take preemptions out, within a
/// ``ShrinkBudget``. Every candidate is a run that really happened, so whatever it keeps fails
/// when replayed (for code that is deterministic under Harness).
package struct ScheduleShrinker {
  /// One candidate run: what went wrong (if anything) and the order it took.
  typealias Candidate = (run: InterleavingExplorer.Run, order: JobOrder<GuidedOrder>)

  let budget: ShrinkBudget
  /// Runs the operation once in `order`'s order (naming its tasks if `namingTasks`).
  let runCandidate: (_ order: GuidedOrder, _ namingTasks: Bool) async -> Candidate
  /// Searches every schedule with at most `preemptions` preemptions, fewest first, within
  /// `runs` runs and until `deadline`: the decisions of the first that fails, and the runs spent.
  let searchFailing:
    (_ preemptions: Int, _ runs: Int, _ deadline: ContinuousClock.Instant) async -> (
      decisions: [Schedule.Decision]?, runs: Int
    )

  /// The smallest failing schedule found from `decisions` (which failed), or `nil` when the
  /// budget allows no replay or the failure did not show again on the first replay.
  func shrink(_ decisions: [Schedule.Decision], failedBy original: InterleavingExplorer.Run) async -> ShrunkSchedule? {
    guard budget.replays > 0, budget.duration > .zero, !original.stalled else { return nil }
    let clock = ContinuousClock()
    let start = clock.now
    var replays = 1
    let first = await runCandidate(GuidedOrder(exactly: decisions), false)
    guard first.run.failed, !first.run.stalled else { return nil }
    var best = first.order.finalPolicy.tracked
    let before = (decisions: best.count, preemptions: best.count { $0.isPreemption })
    var tried = Set<[GuidedOrder.Guide]>()
    // First the bounded search, fewest preemptions first: a failing schedule it finds has the
    // fewest preemptions any has (within the runs it got). Then take out what is left to take.
    let preemptions = best.count { $0.isPreemption }
    if preemptions > 0 {
      let found = await searchFailing(preemptions - 1, budget.replays / 2, start + budget.duration)
      replays += found.runs
      if let decisions = found.decisions, replays < budget.replays - 1 {
        replays += 1
        let candidate = await runCandidate(GuidedOrder(exactly: decisions), false)
        let tracked = candidate.order.finalPolicy.tracked
        if candidate.run.failed, !candidate.run.stalled, Self.isSmaller(tracked, than: best) { best = tracked }
      }
    }
    search: while true {
      var improved = false
      for guide in Self.candidates(from: best) where tried.insert(guide).inserted {
        guard replays < budget.replays - 1, clock.now - start < budget.duration else { break search }
        replays += 1
        let candidate = await runCandidate(GuidedOrder(guide: guide), false)
        let tracked = candidate.order.finalPolicy.tracked
        if candidate.run.failed, !candidate.run.stalled, Self.isSmaller(tracked, than: best) {
          best = tracked
          improved = true
          break
        }
      }
      if !improved { break }
    }
    // Once more, naming the tasks: the report's run, and a check that the result replays.
    replays += 1
    let final = await runCandidate(GuidedOrder(exactly: best), true)
    let finalTracked = final.order.finalPolicy.tracked
    let kept = final.run.failed && finalTracked == best
    let ordinals = final.order.finalPolicy.taskOrdinals
    var names: [Int: String] = [:]
    for (id, name) in final.order.taskNames { if let ordinal = ordinals[id] { names[ordinal] = name } }
    return ShrunkSchedule(
      before: before, decisions: kept ? best : first.order.finalPolicy.tracked,
      run: kept ? final.run : first.run, taskNames: names, replays: replays)
  }

  /// Whether `candidate` has fewer preemptions than `best`, or as many and fewer decisions.
  package static func isSmaller(_ candidate: [TrackedDecision], than best: [TrackedDecision]) -> Bool {
    let preemptions = candidate.count { $0.isPreemption }
    let bestPreemptions = best.count { $0.isPreemption }
    return preemptions < bestPreemptions || (preemptions == bestPreemptions && candidate.count < best.count)
  }

  /// The schedules to try next, most promising first: each preemption taken out with the rest of
  /// the run left to go on without preempting (from the last preemption back); then each taken
  /// out alone, the later ones kept (by the task they switched to); then the run cut short
  /// after its last preemption.
  package static func candidates(from decisions: [TrackedDecision]) -> [[GuidedOrder.Guide]] {
    let exact = GuidedOrder(exactly: decisions).guide
    let preemptions = decisions.indices.filter { decisions[$0].isPreemption }
    var candidates: [[GuidedOrder.Guide]] = []
    for index in preemptions.reversed() {
      candidates.append(Array(exact[..<index]) + [.continuing])
    }
    for index in preemptions.reversed() {
      let rest = decisions[(index + 1)...].map { $0.isPreemption ? GuidedOrder.Guide.task($0.chosenTask) : .continuing }
      candidates.append(Array(exact[..<index]) + [.continuing] + rest)
    }
    if let last = preemptions.last, last + 1 < decisions.count {
      candidates.append(Array(exact[...last]))
    } else if preemptions.isEmpty, !decisions.isEmpty {
      candidates.append([])
    }
    return candidates
  }
}
