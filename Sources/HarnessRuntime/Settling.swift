import Dispatch
import Foundation
import HarnessIssues
import Synchronization

// Settling: an advance or a settle waits until every job of its world is suspended.
extension FollowedWork {
  /// Runs `request` once the world's work has settled and returns the problems that ended it
  /// early, if any. The calling task joins the world: tasks it starts from now on are followed.
  package func settle(_ world: World, _ request: SettleRequest) async -> [SettleProblem] {
    let task = TaskIdentity.currentTaskID()
    let onMain = TaskIdentity.isOnMainQueue
    var early: [SettleProblem] = []
    reclaimHook()
    if hookWarningIsDue.exchange(false, ordering: .relaxed) { early.append(.hookReclaimed) }
    let problems = await withCheckedContinuation { continuation in
      registry.lock()
      addMember(task, to: world)
      registry.unlock()
      world.lock.lock()
      if onMain { world.usesMainActor = true }
      request.continuation = continuation
      // Off the main actor only: a main actor caller resumes there, not on the global executor.
      request.waitingTask = onMain ? 0 : task
      world.requests.append(request)
      world.activitySinceMainActorFlush = true
      world.jobsSinceProgress = 0
      // A main actor task that the test started is invisible until it runs: drain the main
      // actor once at the start of every settle (unless the main thread is known to be blocked
      // and the world does not need it), and after each step if the work uses it.
      world.needsMainActorFlush = true
      if world.runningJobIsReportedBlocked {
        // A job blocks the world's executor, and was reported already: waiting would only
        // block this caller too.
        complete(world, with: nil)
      } else if world.runningSince != nil {
        armWatchdog(for: world)
      } else {
        armWatchdog(until: ContinuousClock.now.advanced(by: Self.stepCheckInterval))
      }
      // Otherwise the end of the running job, or of the main actor flush, takes it from here.
      // Work that has settled already is stepped by the world's thread when the caller waits
      // off the main actor (the caller then resumes there, and its next sends and settles cost
      // no thread hand-off: see `adoptedTasks`), else on the caller's thread.
      if isSettled(world), !world.isFlushingMainActor {
        if request.waitingTask != 0, world.threadStarted, World.onCurrentThread == nil {
          world.stepsOnThread = true
          if world.threadIsWaiting { world.wakeThread.signal() }
        } else {
          step(world)
        }
      }
      world.lock.unlock()
    }
    return early + problems
  }
  // MARK: - Settling

  /// Moves the world's first request on if the world has settled: resumes the next due sleeper,
  /// or completes the request. The world's lock held on entry and exit.
  ///
  /// A world that uses the main actor drains it (see ``flushMainActor(for:)``) at the start and
  /// at the end of every request, and after every step.
  func step(_ world: World) {
    // Another thread is between two steps of this world; it looks again when it is back.
    guard !world.isStepping else { return }
    while isSettled(world), !world.isFlushingMainActor, let request = world.requests.first {
      // Another library may have taken the hook since the last look (one load when it did not):
      // then what it got is drained below.
      reclaimHook()
      if !world.usesMainActor, world.needsMainActorFlush {
        // For work not known to use the main actor, draining it is a precaution: skipped while
        // the main thread is blocked, and when the caller knows its work cannot wait there.
        if mainQueueIsStalled {
          if Self.debugsFollowing { print("Harness follower: a settle skipped its main actor drain (main queue counted as stalled)") }
          world.needsMainActorFlush = false
        } else if let isIdle = request.workIsIdle {
          world.isStepping = true
          world.lock.unlock()
          // Not under the lock: the caller's check takes locks of its own.
          let idle = isIdle()
          world.lock.lock()
          world.isStepping = false
          if idle { world.needsMainActorFlush = false }
          guard isSettled(world), !world.isFlushingMainActor, world.requests.first === request else { continue }
        }
      }
      let wokenTaskMayBeOnMainActor = world.wokenTask != nil && world.usesMainActor
      if world.needsMainActorFlush || wokenTaskMayBeOnMainActor
        || (world.usesMainActor && world.activitySinceMainActorFlush) || mainActorWorkPassedOnSinceFlush(world)
      {
        world.wokenTask = nil
        flushMainActor(for: world)
        return
      }
      if let limit = request.maxResumptions, request.resumptions >= limit {
        complete(world, with: .tooManyResumptions(limit))
        continue
      }
      world.isStepping = true
      world.lock.unlock()
      // The woken task's jobs reach the world only through the hook: another library may have
      // taken the slot since the settle began.
      reclaimHook()
      let resumed = request.resumeNext { task in
        // Before the wake: the woken task may run, and the world be stepped from another
        // thread, before this one gets the lock back.
        world.lock.lock()
        world.wokenTask = task
        world.sleepingTasks.remove(task)
        request.resumptions += 1
        world.activitySinceMainActorFlush = true
        world.jobsSinceProgress = 0
        world.lock.unlock()
      }
      world.lock.lock()
      world.isStepping = false
      if resumed {
        continue
      } else if world.usesMainActor ? world.activitySinceMainActorFlush : world.wokenTask != nil && !mainQueueIsStalled {
        // Nothing is due: drain the main actor once more before the caller looks (a woken task
        // that did not sleep again may have gone there, on its way to its next sleep).
        world.needsMainActorFlush = true
      } else {
        complete(world, with: nil)
      }
    }
  }

  /// Ends the world's first request and resumes its caller. The world's lock held on entry and
  /// exit (let go meanwhile).
  func complete(_ world: World, with problem: SettleProblem?) {
    guard !world.requests.isEmpty else { return }
    let request = world.requests.removeFirst()
    if let problem { request.problems.append(problem) }
    // What went wrong while nobody waited is told to the first settle that ends after it.
    request.problems += world.unreportedProblems
    world.unreportedProblems = []
    let continuation = request.continuation
    request.continuation = nil
    // Not when the waiting task is this thread's running job, settling work that had settled
    // already: it resumes before it ever suspends, so no job would consume the entry, and a
    // later job of that task (a followed one) would be taken for an adopted one.
    // Nor in an explored run: every job of the run goes through the chooser.
    let adopts =
      request.waitingTask != 0 && continuation != nil && !world.isRetired && world.exploration == nil
      && (World.onCurrentThread === world
        ? world.runningTask != request.waitingTask
        : resumesOnIdleWorldThread(world, waitingTask: request.waitingTask, problem: problem))
    let problems = request.problems
    let wasStepping = world.isStepping
    world.isStepping = true
    world.lock.unlock()
    // Before the resumption, which enqueues the job the entry is for.
    if adopts { adopt(request.waitingTask, into: world) }
    if problem == nil { request.finish() }
    continuation?.resume(returning: problems)
    world.lock.lock()
    world.isStepping = wasStepping
  }

  /// Whether a settle that ends off the world's thread (after a main actor drain, from the
  /// watchdog, after unclaimed work) resumes its caller on the world's thread all the same: the
  /// world has settled, so its thread is idle and runs the caller's job next, however long the
  /// global executor's queue is. (Under ThreadSanitizer, with many tests' threads contending,
  /// that queue took 25–47 s to reach a caller resumed there, after settles that themselves
  /// took under 2.5 s.) Not when the settle ends with a problem (a job blocking the world's
  /// thread, say), nor on the waiting task's own thread (it resumes before it suspends, so no
  /// job would consume the entry). The world's lock held.
  func resumesOnIdleWorldThread(_ world: World, waitingTask: UInt64, problem: SettleProblem?) -> Bool {
    problem == nil && world.threadStarted && world.pendingJobs == 0 && world.runningTask == nil
      && TaskIdentity.currentTaskID() != waitingTask
  }

  /// Notes that the next job of `task` runs on `world`'s thread, which is awake or woken by the
  /// job (see ``adoptedTasks``). No lock held.
  func adopt(_ task: UInt64, into world: World) {
    registry.lock()
    if !world.isRetired { adoptedTasks[task] = world }
    registry.unlock()
  }

  /// Lets the main actor run what it has queued, then steps the world again. The world's lock
  /// held.
  func flushMainActor(for world: World) {
    world.isFlushingMainActor = true
    world.needsMainActorFlush = false
    world.activitySinceMainActorFlush = false
    // Read before the drain is queued: every job counted here is on the main queue before it.
    world.mainActorWorkPassedOnAtFlush = mainActorWorkPassedOn.load(ordering: .acquiring)
    let start = ContinuousClock.now
    world.mainActorFlushStart = start
    world.mainActorFlushCount += 1
    let flush = world.mainActorFlushCount
    armWatchdog(until: start.advanced(by: flushPatience(world)))
    world.lock.unlock()
    // The main queue is first in, first out: when this runs, every main actor job queued before
    // it has run.
    DispatchQueue.main.async {
      FollowedWork.shared.mainActorFlushed(world, flush: flush)
    }
    world.lock.lock()
  }

  /// Runs on the main queue: the flush is over, so the world moves on from here.
  func mainActorFlushed(_ world: World, flush: Int) {
    // What this step enqueues is the follower's doing, not main actor work.
    mainQueueStepThreadID.store(TaskIdentity.currentThreadID(), ordering: .relaxed)
    defer { mainQueueStepThreadID.store(0, ordering: .relaxed) }
    MainQueueDrainer.noteCurrentThread()
    mainQueueStall.store(false, ordering: .relaxed)
    world.lock.lock()
    // A drain the watchdog gave up on may still run, during a later one.
    if world.isFlushingMainActor, world.mainActorFlushCount == flush {
      world.isFlushingMainActor = false
      step(world)
    }
    world.lock.unlock()
  }
}
