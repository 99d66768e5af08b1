/// Follows a run's ready queue from the chooser's side, one step at a time, so that choices can
/// be told apart as preemptions and jobs compared for independence.
///
/// The engine keeps the ready jobs in the order they became ready, removes the one chosen, and
/// appends the jobs each job made ready: so the queue at a step is the last step's minus the job
/// that ran, followed by the new ones. Each job gets a serial number when it first shows (the
/// same in every run that shares the decisions so far), each task an ordinal by first sight (1
/// is the body; 0 is no task: an actor's processing job). If the queue ever does not fit (work
/// from outside the world), `lostTrack` is set and every job counts as dependent.
///
/// Preemptions are counted per task's *thread of control*: a task's call into an idle actor
/// runs in that actor's processing job, which is the caller's to run next (as a thread taking a
/// free lock goes on), so running something else first is a preemption too.
struct ReadyJobMirror {
  /// A job of the run: its serial number, its task's ordinal (0 for no task), and the task whose
  /// thread of control it continues (its own task, or the caller of an idle actor; 0 if none).
  struct Job: Hashable {
    let serial: Int
    let task: Int
    let owner: Int
  }

  /// Decisions taken so far (steps with more than one ready job).
  private(set) var decisions = 0
  /// Per serial number: the decisions taken before the job showed up.
  private(set) var born: [Int] = []
  /// Calls into idle actors seen to go to different actors since ``takeCallsApart()``: one
  /// called while the other's actor job was still ready, and made one of its own.
  private var callsApart: [(Int, Int)] = []

  /// What one step saw: the ready jobs, the task that ran last (0 for none), and what the job
  /// that ran last did, as far as the ready queue shows.
  struct Step {
    let ready: [Job]
    let currentTask: Int
    let lastJob: Job?
    let lastFootprint: JobFootprint?
  }

  private(set) var ready: [Job] = []
  /// Task ordinals by the runtime's task id.
  private(set) var ordinals: [UInt64: Int] = [:]
  private var nextSerial = 0
  private var lastChosen: Job?
  private(set) var currentTask = 0
  private(set) var lostTrack = false
  /// The actors' processing jobs that are ready, by serial: the task whose call scheduled the
  /// actor (if a task's job did), and whether other tasks may have joined the actor's queue
  /// unseen (a task's job left the world, neither coming back nor scheduling an actor, while
  /// this job was ready: it may have queued on this actor).
  private var actorJobs: [Int: (caller: Int?, callingJob: Int?, mayHoldOthers: Bool)] = [:]

  /// Brings the mirror up to date with the engine's ready queue at a step.
  mutating func observe(_ readyTasks: UnsafeBufferPointer<UInt64>) -> Step {
    var fits = ready.count <= readyTasks.count
    if fits {
      for (offset, job) in ready.enumerated() where ordinal(readyTasks[offset]) != job.task {
        fits = false
        break
      }
    }
    if !fits {
      lostTrack = true
      ready = []
      actorJobs = [:]
    }
    let fresh = readyTasks[ready.count...].map { ordinalAssigning($0) }
    // A task's job that made ready one actor job and nothing else called into an idle actor.
    let caller =
      lastChosen.map { $0.task != 0 && fresh.count == 1 && fresh[0] == 0 ? $0.task : 0 } ?? 0
    var newJobs: [Job] = []
    for task in fresh {
      newJobs.append(Job(serial: nextSerial, task: task, owner: task != 0 ? task : caller))
      born.append(decisions)
      nextSerial += 1
    }
    ready += newJobs
    var footprint: JobFootprint?
    if let lastChosen {
      footprint = noteEffect(of: lastChosen, madeReady: newJobs)
      // After an actor's processing job, the task it handed back to the world is the one that
      // goes on.
      currentTask = lastChosen.owner != 0 ? lastChosen.owner : newJobs.first { $0.task != 0 }?.task ?? 0
    }
    if ready.count > 1 { decisions += 1 }
    return Step(ready: ready, currentTask: currentTask, lastJob: lastChosen, lastFootprint: footprint)
  }

  /// What `job` touched, from the jobs it made ready; keeps the ready actor jobs' records.
  private mutating func noteEffect(of job: Job, madeReady newJobs: [Job]) -> JobFootprint {
    let newActorJobs = newJobs.filter { $0.task == 0 }
    let returned = newJobs.filter { $0.task != 0 }.map(\.task)
    var footprint: JobFootprint = .opaque
    var leftUnseen = false
    if job.task != 0 {
      if newActorJobs.isEmpty, returned == [job.task] {
        footprint = .step(task: job.task)
      } else if newActorJobs.count == 1, returned.isEmpty {
        footprint = .toIdleActor(task: job.task)
      }
      leftUnseen = !returned.contains(job.task) && footprint == .opaque
    } else {
      let record = actorJobs.removeValue(forKey: job.serial)
      if let caller = record?.caller, record?.mayHoldOthers == false, newActorJobs.isEmpty, returned == [caller] {
        footprint = .actorTurn(task: caller)
      } else {
        leftUnseen = true
      }
    }
    if leftUnseen {
      for serial in actorJobs.keys { actorJobs[serial]?.mayHoldOthers = true }
    }
    let caller = footprint == .toIdleActor(task: job.task) ? job.task : nil
    if caller != nil {
      // Its actor was idle, so it is none of the actors whose jobs were ready.
      for record in actorJobs.values { if let other = record.callingJob { callsApart.append((other, job.serial)) } }
    }
    for actorJob in newActorJobs {
      actorJobs[actorJob.serial] = (caller, caller == nil ? nil : job.serial, caller == nil)
    }
    return footprint
  }

  /// The pairs of calls seen apart since the last call, by serial number.
  mutating func takeCallsApart() -> [(Int, Int)] {
    defer { callsApart = [] }
    return callsApart
  }

  /// Notes that the job at `index` runs.
  mutating func choose(_ index: Int) {
    guard ready.indices.contains(index) else { return }
    lastChosen = ready.remove(at: index)
  }

  /// The index a non-preemptive order takes: the current task's job if it is ready, else the
  /// oldest ready job.
  static func continuing(_ step: Step, avoiding asleep: Set<Int> = []) -> Int? {
    if step.currentTask != 0, let index = step.ready.firstIndex(where: { $0.owner == step.currentTask }),
      !asleep.contains(step.ready[index].serial)
    {
      return index
    }
    return step.ready.firstIndex { !asleep.contains($0.serial) }
  }

  /// Whether running the job at `index` preempts the current task: that task has a ready job,
  /// and another runs.
  static func isPreemption(_ step: Step, choosing index: Int) -> Bool {
    step.currentTask != 0 && step.ready[index].owner != step.currentTask
      && step.ready.contains { $0.owner == step.currentTask }
  }

  private func ordinal(_ id: UInt64) -> Int {
    id == 0 ? 0 : ordinals[id] ?? -1
  }

  private mutating func ordinalAssigning(_ id: UInt64) -> Int {
    guard id != 0 else { return 0 }
    if let known = ordinals[id] { return known }
    let next = ordinals.count + 1
    ordinals[id] = next
    return next
  }
}
