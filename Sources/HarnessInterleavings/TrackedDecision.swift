/// A decision of a run followed by a ``ReadyJobMirror``: what a ``Schedule/Decision`` records,
/// and who ran and who was passed over.
package struct TrackedDecision: Hashable {
  package let readyCount: Int
  package let chosen: Int
  /// The step (from 1) the decision was taken at.
  package let step: Int
  /// The ordinal of the task whose job ran, or whose call into an actor ran (0: neither).
  package let chosenTask: Int
  /// The task that ran last (0: none), which could have gone on.
  package let currentTask: Int
  /// Whether the current task had a ready job and another job ran.
  package let isPreemption: Bool
  /// How many jobs of the current task had run before it was paused.
  package let currentTaskJobs: Int

  package init(
    readyCount: Int, chosen: Int, step: Int, chosenTask: Int, currentTask: Int, isPreemption: Bool, currentTaskJobs: Int
  ) {
    self.readyCount = readyCount
    self.chosen = chosen
    self.step = step
    self.chosenTask = chosenTask
    self.currentTask = currentTask
    self.isPreemption = isPreemption
    self.currentTaskJobs = currentTaskJobs
  }

  package var decision: Schedule.Decision { Schedule.Decision(readyCount: readyCount, chosen: chosen) }
}
