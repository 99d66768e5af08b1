/// A bounded exhaustive exploration: `withInterleavings(.exhaustive(preemptions: 2)) { … }` or
/// `@Test(.interleavings(.exhaustive(preemptions: 2)))`.
///
/// Every schedule with at most `preemptions` preemptions (a task paused while it had a ready
/// job) is run once, fewer preemptions first, except schedules that only reorder independent
/// jobs of one already run. For small models (a few tasks, a few awaits each) it ends with
/// "complete"; see the article "Exploring interleavings" for what that covers.
public struct ExhaustiveExploration: Sendable, Hashable {
  /// The preemption bound: schedules with more preemptions are not explored.
  public let preemptions: Int
  /// The cap on runs: past it, the exploration stops and reports that it is not complete.
  public let maxSchedules: Int
  /// Whether schedules that only reorder independent jobs are skipped (sleep sets).
  public let pruning: Bool

  /// Every schedule with at most `preemptions` preemptions, up to `maxSchedules` runs; with
  /// `pruning` (the default), skipping reorderings of independent jobs.
  public static func exhaustive(preemptions: Int, maxSchedules: Int = 100_000, pruning: Bool = true) -> Self {
    ExhaustiveExploration(preemptions: preemptions, maxSchedules: maxSchedules, pruning: pruning)
  }
}
