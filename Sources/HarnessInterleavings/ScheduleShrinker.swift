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
  /// `runs` runs and until `deadline`: the decisions of the first that fails, the runs spent, and
  /// whether it saw every such schedule (none failing).
  let searchFailing:
    (_ preemptions: Int, _ runs: Int, _ deadline: ContinuousClock.Instant) async -> (
      decisions: [Schedule.Decision]?, runs: Int, complete: Bool
    )

  /// The smallest failing schedule found from `decisions` (which failed), or `nil` when the
  /// budget allows no replay or the failure did not show again on the first replay.
  ///
  /// Guided replays first (each about an iteration's cost): the order with no preemption, then
  /// the failing schedule cut at one of its preemptions (the rest going on without preempting),
  /// the cut point found by bisection. Then the bounded search below what they reached: what it
  /// finds has the fewest preemptions any schedule has (within its runs). Last, each preemption
  /// left taken out in turn, and the run cut short, for fewer decisions.
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
    // The fewest preemptions a failing schedule can have, as far as the search showed (a
    // complete search below `k` that found nothing shows `k`).
    var floor = 0
    // Whether one more replay fits the budget, the last exact replay left aside.
    func mayReplay() -> Bool { replays < budget.replays - 1 && clock.now - start < budget.duration }
    // Replays `order` (one replay of the budget): its decisions if it failed without stalling.
    func failingRun(_ order: GuidedOrder) async -> [TrackedDecision]? {
      replays += 1
      let candidate = await runCandidate(order, false)
      guard candidate.run.failed, !candidate.run.stalled else { return nil }
      return candidate.order.finalPolicy.tracked
    }
    // Replays `guide` (once per guide); keeps the run if it fails and is smaller. Whether it did.
    func tryGuide(_ guide: [GuidedOrder.Guide]) async -> Bool {
      guard tried.insert(guide).inserted, mayReplay(), let tracked = await failingRun(GuidedOrder(guide: guide)),
        Self.isSmaller(tracked, than: best)
      else { return false }
      best = tracked
      return true
    }
    // Takes out what is left to take out, one candidate at a time, until none is smaller.
    func takeOut() async {
      while mayReplay() {
        var improved = false
        for guide in Self.candidates(from: best, floor: floor) where await tryGuide(guide) {
          improved = true
          break
        }
        if !improved { return }
      }
    }
    // Searches every schedule with at most `bound` preemptions, fewest first (within half the
    // budget's replays), and keeps what fails, if smaller. What it shows of the floor: a failing
    // schedule's preemptions (every round before its own ran), or `bound + 1` if it saw every
    // schedule within the bound and none failed.
    func searchBelow(_ bound: Int) async {
      let runs = min(budget.replays / 2, budget.replays - 1 - replays)
      let found = await searchFailing(bound, runs, start + budget.duration)
      replays += found.runs
      guard let decisions = found.decisions else {
        if found.complete { floor = bound + 1 }
        return
      }
      guard mayReplay(), let tracked = await failingRun(GuidedOrder(exactly: decisions)) else { return }
      floor = tracked.count { $0.isPreemption }
      if Self.isSmaller(tracked, than: best) { best = tracked }
    }
    // First the order with no preemption at all (the oldest job whenever the current task
    // waits): many failures need none, and then one replay settles it.
    if before.preemptions > 0 { _ = await tryGuide([]) }
    // Then the fewest preemptions a cut keeps, by bisection: a cut at the k-th preemption (from
    // 0) keeps k. The failing schedule itself is a cut that keeps them all.
    var passing = -1
    var failing = best.count { $0.isPreemption }
    while failing - passing > 1, mayReplay() {
      let middle = (passing + failing) / 2
      guard let cut = Self.cut(of: best, atPreemption: middle) else { break }
      if await tryGuide(cut) {
        failing = best.count { $0.isPreemption }
      } else {
        passing = middle
      }
    }
    // Then the search below what the cuts reached, and what is left to take out.
    let preemptions = best.count { $0.isPreemption }
    if preemptions > 0, mayReplay() { await searchBelow(preemptions - 1) }
    await takeOut()
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

  /// The run cut at each of its preemptions in order: the decisions before it followed exactly,
  /// then no preemption (the cut at the k-th keeps k).
  package static func cuts(of decisions: [TrackedDecision]) -> [[GuidedOrder.Guide]] {
    let exact = GuidedOrder(exactly: decisions).guide
    return decisions.indices.filter { decisions[$0].isPreemption }.map { Array(exact[..<$0]) + [.continuing] }
  }

  /// The cut at the `preemption`-th preemption (from 0) alone, or `nil` if the run has fewer.
  static func cut(of decisions: [TrackedDecision], atPreemption preemption: Int) -> [GuidedOrder.Guide]? {
    let positions = decisions.indices.lazy.filter { decisions[$0].isPreemption }.dropFirst(preemption)
    guard let position = positions.first else { return nil }
    return GuidedOrder(exactly: Array(decisions[..<position])).guide + [.continuing]
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
  /// `floor`: the fewest preemptions a failing schedule can have, as far as known: candidates
  /// with fewer are left out.
  package static func candidates(from decisions: [TrackedDecision], floor: Int = 0) -> [[GuidedOrder.Guide]] {
    let exact = GuidedOrder(exactly: decisions).guide
    let preemptions = decisions.indices.filter { decisions[$0].isPreemption }
    var candidates: [[GuidedOrder.Guide]] = cuts(of: decisions).dropFirst(floor).reversed()
    for index in preemptions.reversed() where preemptions.count - 1 >= floor {
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
