import HarnessIssues

// Exploring interleavings: the engine side of an explored run.
extension Engine {
  /// Runs `body` as the first task of a new world whose ready jobs run one at a time in the
  /// order `chooser` picks, and returns once the body has returned and the world's jobs have
  /// settled, or once nothing of the run was ready, running or due for `stallPatience` while
  /// the body had not returned, or the run took more than `maxJobs` jobs.
  ///
  /// The body prefers the world's executor and carries its token, so every job it and the tasks
  /// it creates enqueue is the world's, main-actor jobs included: nothing but the chooser decides
  /// their order. Clocks, `TestWork` and test stores made inside join this world. A run given up
  /// is abandoned: its tasks never run again.
  package func runExplored(
    chooser: any JobChooser,
    stallPatience: Duration,
    testID: String?,
    maxJobs: Int,
    onStall: ((_ outcome: ExploredRunOutcome, _ again: Bool) -> Void)?,
    _ body: @escaping @Sendable () async throws -> Void
  ) async -> ExploredRunOutcome {
    _ = TaskCreationSite.prepare
    let exploration = Exploration(chooser: chooser, stallPatience: stallPatience, maxJobs: maxJobs)
    exploration.driver = TaskIdentity.currentTaskID()
    let world = beginWorld(test: TestContext.current, scoped: true, at: nil)
    world.lock.lock()
    world.exploration = exploration
    world.lock.unlock()
    let token = WorldToken(world: world)
    var outcome = await withCheckedContinuation { continuation in
      world.lock.lock()
      exploration.continuation = continuation
      world.lock.unlock()
      watchdog.wake(within: exploration.stallPatience / 4)
      WorldToken.$current.withValue(token) {
        _ = Task(executorPreference: world) {
          let result: Result<Void, any Error>
          do {
            try await body()
            result = .success(())
          } catch {
            result = .failure(error)
          }
          world.noteBodyFinished(result)
        }
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
        if world.activity.isIdle, world.ready.isEmpty { world.idleSince = .now }
        if exploration.bodyResult != nil, world.activity.isIdle, world.ready.isEmpty { world.deliver() }
        world.lock.unlock()
        watchdog.wake(within: exploration.stallPatience / 4)
      }
      if outcome.wasAbandoned { onStall(outcome, true) }
    }
    world.lock.lock()
    let taskCount = exploration.tasks.count
    world.lock.unlock()
    if outcome.wasAbandoned {
      abandon(world)
    } else {
      end(world)
    }
    if chooser.wantsTaskNames { chooser.runEnded(taskNames: exploration.taskNames()) }
    chooser.runEnded(taskCount: taskCount)
    return outcome
  }

  /// Gives up an explored run: none of its tasks runs again (they may hold what the caller frees
  /// next). Their jobs keep coming to the world, which drops them, for the rest of the process.
  func abandon(_ world: World) {
    registry.lock()
    remove(world, keepingRouting: true)
    registry.unlock()
    Engine.withdrawInvitations(of: world)
    world.lock.lock()
    defer { world.lock.unlock() }
    guard world.phase == .open else { return }
    world.phase = .abandoned
    world.close()
  }
}

extension World {
  /// The explored body has returned (or thrown).
  func noteBodyFinished(_ result: Result<Void, any Error>) {
    lock.lock()
    defer { lock.unlock() }
    exploration?.bodyResult = result
    // Called from the body's last job, which is still running: its end delivers, unless the
    // body ended off the world's executor.
    if activity.isIdle, ready.isEmpty { deliver() }
  }

  /// How an explored run ends before its body returned.
  enum ExploredRunEnding {
    /// Nothing ready, running or due for the patience.
    case stalled
    /// More jobs than the step bound.
    case exceededJobs
  }

  /// Resumes the run's driver: the body has finished and the world settled, or the run stalled
  /// or ran past its step bound (`ending`). Lock held on entry and exit (let go meanwhile).
  func deliver(ending: ExploredRunEnding? = nil) {
    guard let exploration, let continuation = exploration.continuation else { return }
    exploration.continuation = nil
    // The run's order is complete: jobs after it run first in, first out, unseen by the
    // chooser, nor may its record change while the driver reads it.
    exploration.chooser = nil
    let outcome: ExploredRunOutcome
    if let ending {
      exploration.hasStalled = true
      var sleeping: Set<UInt64> = []
      var sites: [UInt64: SourceCodeLocation] = [:]
      for (task, member) in members.all {
        guard case .testClock(let site) = member.wait else { continue }
        sleeping.insert(task)
        sites[task] = site
      }
      let report = exploration.stallReport(sleepSites: sites, sleeping: sleeping)
      switch ending {
      case .stalled: outcome = .stalled(report: report)
      case .exceededJobs: outcome = .exceededJobs(exploration.maxJobs, report: report)
      }
    } else if case .failure(let error) = exploration.bodyResult {
      outcome = .finished(error: error)
    } else {
      outcome = .finished(error: nil)
    }
    // A driver of no world goes on on this thread, idle now, rather than wait for one of the
    // process's pool (see `Engine.invite`).
    if exploration.driver != 0, Engine.world(ofTask: exploration.driver) == nil {
      Engine.invite(exploration.driver, to: self)
    }
    lock.unlock()
    continuation.resume(returning: outcome)
    lock.lock()
  }
}
