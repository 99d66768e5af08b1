/// What a bounded exhaustive exploration covered, in its ``InterleavingReport``.
public struct ExhaustiveOutcome: Sendable, Hashable {
  /// The preemption bound.
  public let preemptions: Int
  /// Schedules run to the end.
  public let schedulesExplored: Int
  /// Branches skipped because they only reorder independent jobs of an explored schedule.
  public let schedulesPruned: Int
  /// Whether every schedule within the bound was explored or pruned: no failure, and the cap
  /// was not reached.
  public let isComplete: Bool
  /// The cap on runs.
  public let maxSchedules: Int
  /// Whether the exploration stopped at the cap (so it is not complete).
  public let reachedCap: Bool

  /// The report's line.
  var line: String {
    let counts = "\(schedulesExplored) schedules explored (\(schedulesPruned) pruned)"
    let bound = "  Exhaustive, up to \(preemptions) \(preemptions == 1 ? "preemption" : "preemptions"): "
    if isComplete { return bound + "complete: " + counts + "." }
    if reachedCap {
      return bound + """
        not complete: stopped at the cap of \(maxSchedules) runs, \(counts); schedules within the bound \
        remain unexplored. Raise maxSchedules: or lower preemptions:.
        """
    }
    return bound + "stopped at the first failure, after " + counts + "."
  }
}
