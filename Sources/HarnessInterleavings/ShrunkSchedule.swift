/// The outcome of shrinking: the smallest failing schedule found, and how it compares.
struct ShrunkSchedule {
  /// The failing schedule's size before shrinking.
  let before: (decisions: Int, preemptions: Int)
  /// The decisions of the smallest failing schedule found.
  let decisions: [TrackedDecision]
  /// What went wrong in it.
  let run: InterleavingExplorer.Run
  /// The run's tasks by ordinal, named (`the body`, `task 2, created in …`).
  let taskNames: [Int: String]
  /// Replays spent shrinking.
  let replays: Int

  var preemptions: Int { decisions.count { $0.isPreemption } }

  /// "shrunk from 14 decisions / 5 preemptions to 6 / 1", or that it was already minimal.
  var summary: String {
    let plural = replays == 1 ? "replay" : "replays"
    if before.decisions == decisions.count, before.preemptions == preemptions {
      return "Not shrunk: \(decisions.count) decisions / \(preemptions) preemptions is the smallest failing schedule found in \(replays) \(plural)."
    }
    return """
      Shrunk from \(before.decisions) decisions / \(before.preemptions) preemptions to \(decisions.count) / \
      \(preemptions) (\(replays) \(plural)).
      """
  }

  /// Each preemption in words: which task was paused, after how many of its jobs, for whose job.
  var preemptionLines: [String] {
    decisions.filter(\.isPreemption).map { decision in
      let paused = taskName(decision.currentTask)
      let jobs = decision.currentTaskJobs == 1 ? "1 job" : "\(decision.currentTaskJobs) jobs"
      let by = decision.chosenTask == 0 ? "an actor's job" : "a job of \(taskName(decision.chosenTask))"
      return "  • at step \(decision.step): \(paused) was paused after \(jobs), by \(by)"
    }
  }

  private func taskName(_ ordinal: Int) -> String {
    taskNames[ordinal] ?? "task #\(ordinal)"
  }
}
