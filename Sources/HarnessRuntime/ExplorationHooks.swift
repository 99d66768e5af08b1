import Dispatch
import Foundation
import HarnessIssues
import Synchronization

// Exploring interleavings: the engine side of an explored run.
extension FollowedWork {
  /// Runs `body` as the first task of a new world whose ready jobs run one at a time in the
  /// order `chooser` picks, and returns once the body has returned and the world's jobs have
  /// settled, or once no job was ready for `stallPatience` while the body had not returned.
  ///
  /// The body runs on the world's executor (it prefers it), so every job it and the tasks it
  /// starts enqueue is the world's: nothing but the chooser decides their order. Clocks,
  /// `TestWork` and test stores made inside join this world. The world retires on return; tasks
  /// left suspended in it (after a stall) stay suspended.
  package func runExplored(
    chooser: any JobChooser,
    stallPatience: Duration,
    testID: String?,
    maxJobs: Int,
    onStall: ((_ outcome: ExploredRunOutcome, _ again: Bool) -> Void)?,
    _ body: @escaping @Sendable () async throws -> Void
  ) async -> ExploredRunOutcome {
    reclaimHook()
    _ = TaskCreationSite.prepare
    let driver = TaskIdentity.currentTaskID()
    let exploration = Exploration(chooser: chooser, stallPatience: stallPatience, maxJobs: maxJobs)
    // A driver on the main actor resumes there, not through the global executor.
    exploration.driverTask = TaskIdentity.isOnMainQueue ? 0 : driver
    exploration.idleSince = .now
    let world = World(firstTask: driver, testID: testID, usesMainActor: false)
    world.exploration = exploration
    registry.lock()
    addWorld(world)
    // Held until the run ends: clocks and stores of the body leaving do not retire it.
    world.memberCount += 1
    exploringCreators[driver] = world
    registry.unlock()
    var outcome = await withCheckedContinuation { continuation in
      world.lock.lock()
      exploration.continuation = continuation
      // With the continuation: the watchdog looks for stalls only in runs that have one.
      armWatchdog(until: ContinuousClock.now.advanced(by: Self.stepCheckInterval))
      world.lock.unlock()
      // The preference is what keeps a run on its world: without it, a `Task.yield()` (which
      // enqueues on `Task.currentExecutor`, the dispatch pool's, past the hook) leaves the world
      // and comes back through another thread, and an iteration costs 8× as much.
      Task(executorPreference: self) {
        let result: Result<Void, any Error>
        do {
          try await body()
          result = .success(())
        } catch {
          result = .failure(error)
        }
        FollowedWork.shared.noteBodyFinished(world, result)
      }
    }
    if outcome.wasAbandoned, let onStall {
      // Reported from the caller's task (the test's), then the body is waited for, once more
      // for the patience or the step bound (outside work may still end it, and first in, first
      // out, a spinning task lets the others run); a second stall goes to `onStall` too.
      onStall(outcome, false)
      outcome = await withCheckedContinuation { continuation in
        world.lock.lock()
        exploration.continuation = continuation
        exploration.hasStalled = false
        exploration.jobsRun = 0
        exploration.idleSince = .now
        armWatchdog(until: ContinuousClock.now.advanced(by: Self.stepCheckInterval))
        if exploration.bodyResult != nil, world.pendingJobs == 0 { deliver(world) }
        world.lock.unlock()
      }
      if outcome.wasAbandoned { onStall(outcome, true) }
    }
    world.lock.lock()
    let knownTasks = exploration.knownTasks
    let taskCount = exploration.tasks.count
    world.lock.unlock()
    if outcome.wasAbandoned {
      // Abandoned: none of its tasks runs again (they may hold what the caller frees next).
      quarantinedTasks.withLock { $0.formUnion(knownTasks) }
      quarantineIsActive.store(true, ordering: .relaxed)
    }
    registry.lock()
    if exploringCreators[driver] === world { exploringCreators[driver] = nil }
    world.memberCount -= 1
    retire(world)
    registry.unlock()
    if chooser.wantsTaskNames { chooser.runEnded(taskNames: exploration.taskNames()) }
    chooser.runEnded(taskCount: taskCount)
    return outcome
  }

  /// Sends the probes of an explored run's outside-work check: a job to the global executor and
  /// one to the main queue, each first in, first out, so that when both have run, work queued
  /// there before them (which the run may wait for) has had its turn. No lock held (creating a
  /// task enqueues a job, which takes them).
  func sendOutsideWorkProbes(_ world: World, idleSince: UInt64) {
    Task.detached {
      FollowedWork.shared.outsideWorkProbeRan(world, idleSince: idleSince)
    }
    DispatchQueue.main.async {
      FollowedWork.shared.outsideWorkProbeRan(world, idleSince: idleSince)
    }
  }

  func outsideWorkProbeRan(_ world: World, idleSince: UInt64) {
    world.lock.lock()
    if let exploration = world.exploration, exploration.noteProbeRan(idleSince: idleSince) {
      armWatchdog(until: ContinuousClock.now.advanced(by: Exploration.outsideWorkGrace(patience: exploration.stallPatience)))
    }
    world.lock.unlock()
  }

  func noteBodyFinished(_ world: World, _ result: Result<Void, any Error>) {
    world.lock.lock()
    world.exploration?.bodyResult = result
    // Called from the body's last job, which is still pending: its end delivers, unless the
    // body ended off the world's executor.
    if world.pendingJobs == 0 { deliver(world) }
    world.lock.unlock()
  }

  /// How an explored run ends before its body returned.
  enum ExploredRunEnding {
    /// No job ready for the patience.
    case stalled
    /// More jobs than the step bound.
    case exceededJobs
  }

  /// Resumes the run's driver: the body has finished and the world settled, or the run stalled
  /// or ran past its step bound (`ending`). The world's lock held on entry and exit (let go
  /// meanwhile).
  func deliver(_ world: World, ending: ExploredRunEnding? = nil) {
    guard let exploration = world.exploration, let continuation = exploration.continuation else { return }
    exploration.continuation = nil
    // The driver resumes on this thread, which is awake (see `adoptedTasks`), and starts its
    // next iteration's world here too (see `startThread`): an iteration costs no thread hand-off.
    let driver = exploration.driverTask
    let adopts = driver != 0 && World.onCurrentThread === world && !world.isRetired
    // The run's order is complete: jobs after it (the driver's, adopted below) run first in,
    // first out, unseen by the chooser, nor may its record change while the driver reads it. (A
    // chooser that saw the driver's job counted a step more, or not, as that job came here or
    // went elsewhere: another library's hook holding the slot for a moment sends it on. PCT
    // draws an iteration's change points from the last one's steps, so the same seed then
    // explored other orders, one full parallel run in 15.)
    exploration.chooser = nil
    let outcome: ExploredRunOutcome
    if let ending {
      exploration.hasStalled = true
      let report = exploration.stallReport(sleepSites: world.sleepSites, sleeping: world.sleepingTasks.ids)
      switch ending {
      case .stalled: outcome = .stalled(report: report)
      case .exceededJobs: outcome = .exceededJobs(exploration.maxJobs, report: report)
      }
    } else if case .failure(let error) = exploration.bodyResult {
      outcome = .finished(error: error)
    } else {
      outcome = .finished(error: nil)
    }
    world.lock.unlock()
    // Before the resumption, which enqueues the job the entry is for.
    if adopts { adopt(driver, into: world) }
    continuation.resume(returning: outcome)
    world.lock.lock()
  }
}
