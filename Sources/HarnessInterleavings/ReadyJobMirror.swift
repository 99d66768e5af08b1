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
    /// An actor's processing job's actor (its ordinal; 0 for other jobs or an actor not told).
    var actor = 0
    /// Its task's id in the run (0 for no task), to check that the queue still fits.
    var id: UInt64 = 0
  }

  /// Decisions taken so far (steps with more than one ready job).
  private(set) var decisions = 0
  /// Per serial number: the decisions taken before the job showed up (kept only while
  /// ``learnsCallsApart``).
  private(set) var born: [Int] = []
  /// Makes room for as many jobs as `previous` saw, and as many at once (the runs of one search
  /// are alike): arrays grown a job at a time reallocated several times a run.
  mutating func reserveCapacity(like previous: ReadyJobMirror) {
    born.reserveCapacity(previous.born.count)
    ready.reserveCapacity(previous.ready.capacity)
    actorJobs.reserveCapacity(previous.actorJobs.capacity)
    namedCalls.reserveCapacity(previous.namedCalls.count)
    taskNumbers.reserveCapacity(like: previous.taskNumbers)
  }

  /// Calls into idle actors seen to go to different actors since ``takeCallsApart()``: one
  /// called while the other's actor job was still ready, and made one of its own.
  private var callsApart: [(Int, Int)] = []
  /// Whether the mirror names actors and learns which calls go to different actors (what
  /// independence needs; a shrinking replay does without).
  var learnsCallsApart = false
  /// Whether the mirror tells what each job touched (``Step/lastFootprint``, what independence
  /// needs): a replay that only follows a guide does without.
  var tellsFootprints = true
  /// The calls into idle actors that ran, whose actors are named: the job's serial, its actor's
  /// ordinal, and the serial of the first job made ready after it ran.
  private var namedCalls: [(serial: Int, actor: Int, bornBefore: Int)] = []

  /// What one step saw besides the ready jobs (``ready``) and the task that ran last
  /// (``currentTask``): the job that ran last, and what it did, as far as the ready queue shows.
  struct Step {
    let lastJob: Job?
    let lastFootprint: JobFootprint?
  }

  /// The ready jobs at the step last observed, in the engine's order. (No step holds a copy: the
  /// job chosen is removed in place.)
  private(set) var ready: [Job] = []
  /// Task ordinals, numbering the runtime's task ids.
  private var taskNumbers = FirstSightNumbers()
  /// Actor ordinals (see ``ActorName``), numbering the actors' addresses.
  private var actorNumbers = FirstSightNumbers()
  /// Per actor ordinal (from 1): the actor, held weakly, so that an actor at the address of one
  /// that has gone is not taken for it.
  private var actorObjects: [WeakActor] = []
  /// Per actor ordinal (from 1): the decisions before its first sight.
  private var actorsBorn: [Int] = []

  private struct WeakActor {
    weak var object: AnyObject?
  }
  private var nextSerial = 0
  private var lastChosen: Job?
  private(set) var currentTask = 0
  private(set) var lostTrack = false
  /// The actors' processing jobs that are ready, by serial: the task whose call scheduled the
  /// actor (if a task's job did), and which other tasks may have joined the actor's queue unseen
  /// (a task's job left the world, neither coming back nor scheduling an actor, while this job
  /// was ready: it may have queued on this actor); `nil` if any task may have (a job Harness
  /// could not read left the world while this one was ready).
  /// (A few at a time: an array, searched.)
  private var actorJobs: [ActorJobRecord] = []

  private struct ActorJobRecord {
    let serial: Int
    let caller: Int?
    /// The serial of the call that scheduled the actor, if a task's job did.
    let callingJob: Int?
    var mayHold: TaskOrdinals?
  }

  /// Task ordinals by the runtime's task id.
  var ordinals: [UInt64: Int] {
    var ordinals: [UInt64: Int] = [:]
    for (index, id) in taskNumbers.values.enumerated() { ordinals[id] = index + 1 }
    return ordinals
  }

  /// Brings the mirror up to date with the engine's ready queue at a step.
  /// `actors`: beside each ready job, its actor's address if it is an actor's processing job.
  mutating func observe(_ readyTasks: UnsafeBufferPointer<UInt64>, actors: UnsafeBufferPointer<UInt>) -> Step {
    var fits = ready.count <= readyTasks.count
    if fits {
      for offset in ready.indices where readyTasks[offset] != ready[offset].id {
        fits = false
        break
      }
    }
    if !fits {
      lostTrack = true
      ready.removeAll(keepingCapacity: true)
      actorJobs.removeAll(keepingCapacity: true)
    }
    let old = ready.count
    // A task's job that made ready one actor job and nothing else called into an idle actor.
    let caller = lastChosen.map { $0.task != 0 && readyTasks.count == old + 1 && readyTasks[old] == 0 ? $0.task : 0 } ?? 0
    for offset in old..<readyTasks.count {
      let task = ordinalAssigning(readyTasks[offset])
      let actor = learnsCallsApart && task == 0 && offset < actors.count ? actorOrdinalAssigning(actors[offset]) : 0
      ready.append(
        Job(serial: nextSerial, task: task, owner: task != 0 ? task : caller, actor: actor, id: readyTasks[offset]))
      // Only calls seen apart are keyed by birth (a replay that learns none does without).
      if learnsCallsApart { born.append(decisions) }
      nextSerial += 1
    }
    var footprint: JobFootprint?
    if let lastChosen {
      if tellsFootprints { footprint = noteEffect(of: lastChosen, madeReady: old..<ready.count) }
      // After an actor's processing job, the task it handed back to the world is the one that
      // goes on.
      currentTask = lastChosen.owner
      if currentTask == 0, let handedBack = ready[old...].first(where: { $0.task != 0 }) { currentTask = handedBack.task }
    }
    if ready.count > 1 { decisions += 1 }
    return Step(lastJob: lastChosen, lastFootprint: footprint)
  }

  /// What `job` touched, from the jobs it made ready (`ready[newJobs]`); keeps the ready actor
  /// jobs' records.
  private mutating func noteEffect(of job: Job, madeReady newJobs: Range<Int>) -> JobFootprint {
    // Counted, not filtered into arrays: this runs at every step of every run that follows the
    // queue (exhaustive runs, shrinking's replays).
    var actorJobCount = 0
    var firstActorJob: Job?
    var returnedCount = 0
    var firstReturned = 0
    var ownReturned = false
    for index in newJobs {
      let new = ready[index]
      if new.task == 0 {
        if firstActorJob == nil { firstActorJob = new }
        actorJobCount += 1
      } else {
        if returnedCount == 0 { firstReturned = new.task }
        returnedCount += 1
        if new.task == job.task { ownReturned = true }
      }
    }
    var footprint: JobFootprint = .opaque
    // The tasks that may have queued on a scheduled actor unseen in this job (`nil`: any).
    var mayHaveQueued: TaskOrdinals? = TaskOrdinals()
    if job.task != 0 {
      if actorJobCount == 0, returnedCount == 1, ownReturned {
        footprint = .step(task: job.task)
      } else if actorJobCount == 1, returnedCount == 0, let actorJob = firstActorJob {
        footprint = .toIdleActor(task: job.task, actor: actorName(actorJob.actor))
      } else if actorJobCount == 0, !ownReturned {
        footprint = .quiet(task: job.task)
        // It may have queued on a scheduled actor.
        mayHaveQueued = TaskOrdinals(job.task)
      }
    } else {
      let record = actorJobs.firstIndex { $0.serial == job.serial }.map { actorJobs.remove(at: $0) }
      if let caller = record?.caller, let others = record?.mayHold, actorJobCount == 0, returnedCount == 1,
        firstReturned == caller
      {
        footprint = .actorTurn(task: caller, others: others)
        // A task that had queued here unseen ran its call here, and went on unseen again: it may
        // have queued on another scheduled actor.
        mayHaveQueued = others
      }
    }
    if case .opaque = footprint, job.task == 0 || !ownReturned {
      mayHaveQueued = nil
    }
    if mayHaveQueued?.isEmpty != true {
      for index in actorJobs.indices {
        if let tasks = mayHaveQueued {
          actorJobs[index].mayHold?.formUnion(tasks)
        } else {
          actorJobs[index].mayHold = nil
        }
      }
    }
    var caller: Int?
    if case .toIdleActor = footprint { caller = job.task }
    if caller != nil, learnsCallsApart, let actor = firstActorJob?.actor {
      // Its actor was idle, so it is none of the actors whose jobs were ready.
      for record in actorJobs { if let other = record.callingJob { callsApart.append((other, job.serial)) } }
      if actor != 0 {
        // Named: apart from every call that ran to another actor while this one was ready, or
        // before which that one was.
        let bornBefore = nextSerial - newJobs.count
        for call in namedCalls where call.actor != actor && job.serial < call.bornBefore {
          callsApart.append((call.serial, job.serial))
        }
        namedCalls.append((job.serial, actor, bornBefore))
      }
    }
    for index in newJobs where ready[index].task == 0 {
      actorJobs.append(
        ActorJobRecord(
          serial: ready[index].serial, caller: caller, callingJob: caller == nil ? nil : job.serial,
          mayHold: caller == nil ? nil : TaskOrdinals()))
    }
    return footprint
  }

  /// Whether calls were seen apart since ``takeCallsApart()`` was last called.
  var hasCallsApart: Bool { !callsApart.isEmpty }

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
  /// oldest ready job; skipping the jobs of `asleep`.
  // Inlined, like `isPreemption(choosing:)`, into the orders' `choose`, which hold the mirror
  // inout: called there as a method, the whole mirror was copied for the call at every step.
  @inline(__always) func continuing(avoiding asleep: [SleepEntry] = []) -> Int? {
    Self.continuing(in: ready, currentTask: currentTask, avoiding: asleep)
  }

  private static func continuing(in ready: [Job], currentTask: Int, avoiding asleep: [SleepEntry]) -> Int? {
    // Sleep sets hold a few jobs: scanned, not hashed.
    func isAsleep(_ job: Job) -> Bool { asleep.contains { $0.serial == job.serial } }
    if currentTask != 0, let index = ready.firstIndex(where: { $0.owner == currentTask }), !isAsleep(ready[index]) {
      return index
    }
    return ready.firstIndex { !isAsleep($0) }
  }

  /// Whether running the job at `index` preempts the current task.
  @inline(__always) func isPreemption(choosing index: Int) -> Bool {
    Self.isPreemption(choosing: index, among: ready[...], currentTask: currentTask)
  }

  /// Whether running the job at `index` of `ready` preempts `currentTask`: that task has a ready
  /// job, and another runs.
  static func isPreemption(choosing index: Int, among ready: ArraySlice<Job>, currentTask: Int) -> Bool {
    currentTask != 0 && ready[ready.startIndex + index].owner != currentTask
      && ready.contains { $0.owner == currentTask }
  }

  /// The name of the actor with ordinal `ordinal`, if known (not 0).
  private func actorName(_ ordinal: Int) -> ActorName? {
    ordinal == 0 ? nil : ActorName(ordinal: ordinal, born: actorsBorn[ordinal - 1])
  }

  /// The ordinal of the actor at `address` (0: none), whose processing job is ready (so the actor
  /// is alive: its queue holds a call).
  private mutating func actorOrdinalAssigning(_ address: UInt) -> Int {
    guard address != 0, let pointer = UnsafeRawPointer(bitPattern: address) else { return 0 }
    let key = UInt64(address)
    if let known = actorNumbers.number(of: key), actorObjects[known - 1].object != nil { return known }
    actorsBorn.append(decisions)
    actorObjects.append(WeakActor(object: Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue()))
    return actorNumbers.assign(key)
  }

  private mutating func ordinalAssigning(_ id: UInt64) -> Int {
    guard id != 0 else { return 0 }
    return taskNumbers.number(of: id) ?? taskNumbers.assign(id)
  }
}
