import Dispatch
import Foundation
import HarnessIssues
import Synchronization

// Where each job the runtime hook sees goes: to a world, or on to the global executor.
extension FollowedWork {
  // MARK: - Taking jobs

  /// Takes `job` onto its world's executor if it belongs to followed work; `false` leaves it to
  /// the global executor.
  func take(_ job: UnownedJob) -> Bool { route(job, passingOnMainActorWork: false) == .taken }

  /// Takes `job` onto its world's executor if it belongs to followed work, or says where it goes
  /// on. Called by the hook for every global job while a world exists.
  ///
  /// With `passingOnMainActorWork` (another library's hook is chained), a job leaving the main
  /// actor that no world claims goes on to that hook rather than to the unclaimed executor:
  /// swift-concurrency-extras' hook sends every job to the main actor, and its tests (a
  /// Composable Architecture test target's) rely on that order; a world's main actor drains see
  /// such a job there. Taken, it ran beside the main actor (their `withMainSerialExecutor`
  /// tests failed 22 runs in 30 beside Harness's in one Swift Testing target).
  func route(_ job: UnownedJob, passingOnMainActorWork: Bool) -> JobRoute {
    // Tasks of abandoned runs are dropped even once no world lives (a task spinning on
    // `Task.yield()` would otherwise spin on the global executor for the rest of the process).
    if quarantineIsActive.load(ordering: .relaxed) {
      let jobTask = TaskIdentity.taskID(of: job)
      if jobTask != 0, quarantinedTasks.withLock({ $0.contains(jobTask) }) { return .taken }
    }
    guard liveWorldCount.load(ordering: .relaxed) > 0 else { return .passedOn }
    let jobTask = TaskIdentity.taskID(of: job)
    let here = World.onCurrentThread
    // On a world's thread the running job tells whose work this is; elsewhere the current task.
    let currentTask = here == nil || here === unclaimed ? TaskIdentity.currentTaskID() : 0
    if here == nil, isNoWorldsJob(of: jobTask, enqueuedBy: currentTask) { return .passedOn }
    // A job of an explored run enqueuing one for its own world (see `World.isStaging`):
    // not a task's, or a task the world follows. (`isStaging` is only ever set on the world's
    // own thread, which is the only one where `here` is that world.) Not once the world has
    // retired: its jobs then go to the global executor, and its quarantined tasks' are dropped,
    // as the locked path decides.
    if let here, here.isStaging, !here.isRetired, jobTask == 0 || here.isOwnTask(jobTask) {
      here.staged.append(ReadyJobs.Entry(job: job, task: jobTask))
      return .taken
    }
    // Jobs whose world the routing tables would only confirm, queued with no registry lock. Not
    // in an explored run (staged above).
    if let here, here.exploration == nil, here !== unclaimed, !here.isRetired {
      // On a world's thread: an actor's processing job (its work is this world's: the locked
      // path's cause rule), or a task this world still follows (`isOwnTask`): the running job's
      // task enqueuing itself again (a change of executor: a followed job runs on this
      // executor, so each nonisolated async call of a task that does not prefer it is one; or a
      // yield), which cost a timer's tick a fifth of its time, or another task it resumes. A
      // running task waits in no settle, so none adopts it; another, unless an adoption of it
      // may be pending (its job goes where the adoption says).
      if jobTask == 0
        || ((jobTask == here.runningTask || !adoptedPresence.mayContain(jobTask)) && isOwnTask(jobTask, of: here))
      {
        here.lock.lock()
        queueFollowed(job, task: jobTask, on: here, onMain: false)
        here.lock.unlock()
        return .taken
      }
    }
    let onMain =
      here == nil && TaskIdentity.currentThreadID() != mainQueueStepThreadID.load(ordering: .relaxed)
      && TaskIdentity.isOnMainQueue
    // Off every world's thread, a task a world follows (a sleeper an `advance` wakes, a task the
    // test's task resumes): its world from the lock-free index, unless an adoption of it may
    // be pending.
    if here == nil, !adoptedPresence.mayContain(jobTask), let world = routingIndex.world(of: jobTask) {
      world.lock.lock()
      queueFollowed(job, task: jobTask, on: world, onMain: onMain)
      world.lock.unlock()
      return .taken
    }
    if let route = jobRouteOfNoFollowedTask(jobTask, enqueuedBy: currentTask, here: here, onMain: onMain) { return route }
    // Whose job it is, under the registry; then the world's queue, under the world's own lock
    // (a world retiring in between still runs what it was given, as it would have).
    registry.lock()
    // One lookup per job: whether its task is followed, and where.
    let followed = jobTask == 0 ? nil : followedTasks[jobTask]
    var explored: World?
    if !exploringCreators.isEmpty, currentTask != 0, jobTask != 0, followed == nil,
      let world = exploringCreators.removeValue(forKey: currentTask)
    {
      // The body of an explored run, created by its driver.
      explored = world
    }
    if let test = mainThreadTest, followed == nil, jobTask != 0, currentTask == 0, here == nil, !test.isRetired,
      memberTasks[jobTask] == nil, Thread.isMainThread, !TaskIdentity.runsSerialExecutorJob
    {
      // A task the running XCTest test creates from the main thread: a member of its world
      // from its first job (it runs where it would have; the tasks it starts are followed).
      // Not a main actor task leaving the main actor (a yield, a nonisolated call), which also
      // enqueues with no current task: as a member it would run unseen, and a settle's main
      // actor drain could end before the task came back to it; rule 3 below takes it instead.
      addMember(jobTask, to: test)
      registry.unlock()
      // Its job goes on to the other library's hook, if one is chained: to the main actor.
      noteMemberLeavingMainThread(of: test, fromMainActor: false)
      return .passedOn
    }
    let adopted = jobTask == 0 || adoptedTasks.isEmpty ? nil : adoptedTasks.removeValue(forKey: jobTask)
    var attributed: World?
    if explored == nil, adopted == nil, followed == nil {
      attributed = world(forJobOf: jobTask, enqueuedBy: currentTask, here: here, onMain: onMain)
      if attributed === unclaimed, passingOnMainActorWork {
        registry.unlock()
        mainActorWorkPassingOn.add(1, ordering: .relaxed)
        return .passedOnFromMainActor
      }
    }
    guard let world = explored ?? adopted ?? followed ?? attributed, !world.isRetired else {
      registry.unlock()
      return .passedOn
    }
    if jobTask != 0, adopted == nil, followed !== world { followedTasks[jobTask] = world }
    // Its own world, from the running job of an explored run: staged too, so that the world's
    // jobs keep the order they were enqueued in.
    let isStaged = world === here && world.isStaging
    if world === here, jobTask != 0, adopted == nil { world.noteOwnTask(jobTask) }
    registry.unlock()

    world.lock.lock()
    if let exploration = world.exploration {
      if explored != nil { exploration.bodyTask = jobTask }
      exploration.idleSince = nil
      // Not the driver, adopted here to resume: it is no task of the run.
      if jobTask != 0, followed !== world, adopted == nil { exploration.noteTask(jobTask, startedBy: here === world ? world.runningTask : nil) }
    }
    // Work that leaves the main actor may go back to it: from now on, settles drain it too.
    if onMain { world.usesMainActor = true }
    if jobTask != 0, adopted == nil { world.noteRunningAgain(jobTask) }
    let entry = ReadyJobs.Entry(job: job, task: jobTask, isAdopted: adopted != nil)
    if isStaged {
      world.staged.append(entry)
    } else {
      queue(entry, on: world)
    }
    world.lock.unlock()
    return .taken
  }

  /// Where a job of a task no world follows goes, decided with no lock when the index places it
  /// and the work enqueuing it (the cause): a test's own task (a member, which the index marks
  /// as such) or a task in no table runs where it would have, as the locked path's rules say.
  /// Whatever the index cannot tell, and the one case the rules send elsewhere (rule 2: a task
  /// created after the cause's first member joins its world, a first routing), is left to the
  /// locked path: `nil`.
  ///
  /// The cause is `here`, on a world's thread; else the current task's world: the member's own
  /// when it enqueues itself, the one the index gives for a followed or member task, none when
  /// there is no current task or it is in no table. (An explored run's driver, a creator entry,
  /// never enqueues another task's job while registered: the task it creates next, always newer
  /// than its world's first member, consumes the entry under the lock.)
  private func jobRouteOfNoFollowedTask(
    _ jobTask: UInt64, enqueuedBy currentTask: UInt64, here: World?, onMain: Bool
  ) -> JobRoute? {
    guard jobTask != 0, !adoptedPresence.mayContain(jobTask) else { return nil }
    let member = routingIndex.memberWorld(of: jobTask)
    guard member != nil || !routedTasks.mayContain(jobTask) else { return nil }
    // A task in no table that is newer than every world's first member: whatever its cause, it
    // is admitted (or has none), so the locked path decides; its commonest case, a new task's
    // first routing, then skips looking its cause up.
    if member == nil, jobTask > highestBaseline.load(ordering: .relaxed) { return nil }
    let cause: World?
    if let here {
      guard here !== unclaimed, here.exploration == nil else { return nil }
      cause = here
    } else if currentTask == jobTask {
      cause = member
    } else if routedTasks.mayContain(currentTask) {
      guard let world = routingIndex.world(of: currentTask) ?? routingIndex.memberWorld(of: currentTask) else { return nil }
      cause = world
    } else {
      // No cause: a member stays where it was (leaving the main actor, its world drains it);
      // another task's job is `isNoWorldsJob`'s, or rule 3's and the XCTest test's, locked.
      guard let member else { return nil }
      if onMain { noteMemberLeavingMainThread(of: member, fromMainActor: true) }
      return .passedOn
    }
    guard let cause, !cause.isRetired, !cause.admits(taskID: jobTask) else { return nil }
    return .passedOn
  }

  /// Whether `here`, the world running on this thread, follows `task`: from its cache, else from
  /// the lock-free index (a task first routed off the world's thread, by a member that started
  /// it, is not in the cache), then cached.
  private func isOwnTask(_ task: UInt64, of here: World) -> Bool {
    if here.isOwnTask(task) { return true }
    // Read before the index: a move after it makes the cache entry stale by generation.
    let generation = here.followGeneration.load(ordering: .acquiring)
    guard routingIndex.world(of: task) === here else { return false }
    here.noteOwnTask(task, seenAt: generation)
    return true
  }

  /// Queues a job of a task `world` follows already (or an actor's processing job, `task` 0, of
  /// its work), as the locked path does for one: the world's lock held.
  private func queueFollowed(_ job: UnownedJob, task: UInt64, on world: World, onMain: Bool) {
    world.exploration?.idleSince = nil
    if onMain { world.usesMainActor = true }
    if task != 0 { world.noteRunningAgain(task) }
    queue(ReadyJobs.Entry(job: job, task: task), on: world)
  }

  /// A job of a test's own task (a member of `world`) leaves the main thread and runs where it
  /// would have. Coming from the main actor (`fromMainActor`), its work may wait on the main
  /// actor too, so settles drain it. If another library's hook is chained, the job goes on to
  /// it, and swift-concurrency-extras' sends it back to the main actor, behind the drain the
  /// world may have queued already: the world drains the main actor again until such jobs stop.
  /// The world's lock not held (the registry may be).
  private func noteMemberLeavingMainThread(of world: World, fromMainActor: Bool) {
    let chained = GlobalEnqueueHook.chainsToAnotherHook
    guard fromMainActor || chained else { return }
    world.lock.lock()
    world.usesMainActor = true
    if chained { world.activitySinceMainActorFlush = true }
    world.lock.unlock()
  }

  /// Puts `entry` on the world's ready queue and makes sure its thread will run it. The world's
  /// lock held.
  private func queue(_ entry: ReadyJobs.Entry, on world: World) {
    world.pendingJobs += 1
    if world === unclaimed { unclaimedPendingJobs.add(1, ordering: .relaxed) }
    world.ready.append(entry)
    if !world.threadStarted {
      startThread(for: world)
    } else if world.threadIsWaiting {
      world.wakeThread.signal()
    }
  }

  /// Whether a job enqueued off every world's thread is surely no world's, decided with no lock:
  /// neither its task nor the task enqueueing it (`currentTask`) is in a routing table (so no world follows it,
  /// adopts it or caused it), no XCTest test owns the main thread's new tasks, and it does not
  /// leave the main actor (rule 3). The locked path decides the same way for such a job; this
  /// only spares it the lock, so that a world kept alive (a clock in a `static`) costs the jobs
  /// of other code nothing but these loads.
  package func isNoWorldsJob(of jobTask: UInt64, enqueuedBy currentTask: UInt64) -> Bool {
    guard !routedTasks.mayContain(jobTask), !routedTasks.mayContain(currentTask) else { return false }
    if hasMainThreadTest.load(ordering: .relaxed), Thread.isMainThread { return false }
    return !TaskIdentity.isOnMainQueue
  }

  /// The attribution rule 2 listed on the type (rule 1, a followed task, is the caller's
  /// lookup), and rule 3. Registry held.
  func world(
    forJobOf jobTask: UInt64,
    enqueuedBy currentTask: UInt64,
    here: World?,
    onMain: Bool
  ) -> World? {
    let cause = cause(here: here, currentTask: currentTask)
    if let cause, !cause.isRetired {
      return cause.admits(taskID: jobTask) ? cause : nil
    }
    guard onMain else { return nil }
    if jobTask != 0, let world = memberTasks[jobTask] {
      // A test's own task leaving the main actor stays where it was.
      noteMemberLeavingMainThread(of: world, fromMainActor: true)
      return nil
    }
    return unclaimed
  }

  /// The world whose work enqueues a job: the world running on this thread, else the current
  /// task's (a member of a world that runs on the unclaimed executor for a job is that world's).
  /// Registry held.
  func cause(here: World?, currentTask: UInt64) -> World? {
    if let here, here !== unclaimed { return here }
    if currentTask != 0 {
      let followed = followedTasks[currentTask]
      if let world = (followed === unclaimed ? nil : followed) ?? memberTasks[currentTask] { return world }
    }
    return here
  }

  /// Notes that a job ``route(_:passingOnMainActorWork:)`` passed on from the main actor is now
  /// queued where the chained hook put it.
  func noteMainActorWorkPassedOn() {
    mainActorWorkPassedOn.add(1, ordering: .releasing)
  }

  /// Whether a job leaving the main actor was handed on to another library's hook since the
  /// world last drained the main actor, or is being: the world drains it again (the hook
  /// sends such jobs there), as it would wait for the unclaimed executor. The world's lock held.
  func mainActorWorkPassedOnSinceFlush(_ world: World) -> Bool {
    waitsForUnclaimedWork(world)
      && mainActorWorkPassingOn.load(ordering: .relaxed) != world.mainActorWorkPassedOnAtFlush
  }

  package func enqueue(_ job: consuming ExecutorJob) {
    let unowned = UnownedJob(job)
    if !take(unowned) { globalConcurrentExecutor.enqueue(ExecutorJob(unowned)) }
  }
}

/// What the hook does with a job the follower was shown.
enum JobRoute {
  /// Queued on a world's executor.
  case taken
  /// Left to the hook the follower chains to, or to the global executor.
  case passedOn
  /// Left to the chained hook: a job leaving the main actor that no world claims (see
  /// ``FollowedWork/route(_:passingOnMainActorWork:)``); the hook notes when it is queued.
  case passedOnFromMainActor
}
