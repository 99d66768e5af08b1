/// An order that follows a guide, decision by decision, then goes on without preempting: the
/// current task's job runs while it is ready, else the oldest ready job. Used to replay a
/// failing schedule with preemptions taken out (shrinking) and to record a run's preemptions.
package struct GuidedOrder: JobOrderPolicy {
  /// What to do at one decision.
  package enum Guide: Hashable {
    /// The job at `index`, if the step still looks as recorded (`readyCount` ready jobs, a job
    /// of task `task` there); else as ``task(_:)``.
    case index(Int, readyCount: Int, task: Int)
    /// A job of task `task` (an ordinal; its own or its call into an actor) if one is ready,
    /// else as ``continuing``.
    case task(Int)
    /// No preemption: the current task's job if it is ready, else the oldest ready job.
    case continuing
  }

  let guide: [Guide]
  private var mirror = ReadyJobMirror()
  private(set) var tracked: [TrackedDecision] = []
  /// Jobs run per task, by ordinal (0: no task's).
  private var jobsPerTask: [Int] = []

  /// Task ordinals by the runtime's task id.
  var taskOrdinals: [UInt64: Int] { mirror.ordinals }

  var expectedDecisions: Int { guide.count }

  init(guide: [Guide]) {
    self.guide = guide
    tracked.reserveCapacity(guide.count)
    mirror.tellsFootprints = false
  }

  /// Follows a recorded run's decisions exactly.
  init(exactly decisions: [TrackedDecision]) {
    self.init(guide: decisions.map { .index($0.chosen, readyCount: $0.readyCount, task: $0.chosenTask) })
  }

  /// Follows a replay string's decisions exactly (tasks unknown: by index alone).
  init(exactly decisions: [Schedule.Decision]) {
    self.init(guide: decisions.map { .index($0.chosen, readyCount: $0.readyCount, task: -1) })
  }

  mutating func choose(
    among readyTasks: UnsafeBufferPointer<UInt64>, actors: UnsafeBufferPointer<UInt>, step: Int, decision: Int
  ) -> Int {
    _ = mirror.observe(readyTasks, actors: actors)
    var index = 0
    let currentTask = mirror.currentTask
    if mirror.ready.count > 1 {
      index = pick(decision: decision)
      tracked.append(
        TrackedDecision(
          readyCount: mirror.ready.count, chosen: index, step: step, chosenTask: mirror.ready[index].owner,
          currentTask: currentTask, isPreemption: mirror.isPreemption(choosing: index),
          currentTaskJobs: currentTask < jobsPerTask.count ? jobsPerTask[currentTask] : 0))
    }
    if mirror.ready.indices.contains(index) {
      let owner = mirror.ready[index].owner
      if owner >= jobsPerTask.count { jobsPerTask += repeatElement(0, count: owner - jobsPerTask.count + 1) }
      jobsPerTask[owner] += 1
    }
    mirror.choose(index)
    return index
  }

  // Inlined into `choose`, which holds the order inout: called there as a method, it copied the
  // whole order, its mirror included, at every decision.
  @inline(__always) private func pick(decision: Int) -> Int {
    let ready = mirror.ready
    guard decision < guide.count else { return mirror.continuing() ?? 0 }
    switch guide[decision] {
    case .index(let index, let readyCount, let task):
      if readyCount == ready.count, index < readyCount, task < 0 || ready[index].owner == task {
        return index
      }
      return ready.firstIndex { $0.owner == task } ?? mirror.continuing() ?? 0
    case .task(let task):
      return ready.firstIndex { $0.owner == task } ?? mirror.continuing() ?? 0
    case .continuing:
      return mirror.continuing() ?? 0
    }
  }
}
