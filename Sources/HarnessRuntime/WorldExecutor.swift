import Dispatch

// A world's executor: one job at a time, on the world's thread or, for its main actor, the
// main queue.
extension World {
  /// Runs the world's jobs until it has had nothing to run for ``WorldThreads/idleTime`` or has
  /// ended and drained. On the world's thread, the world's lock held on entry and exit.
  func runJobs() {
    while true {
      if activity.isIdle, let entry = ready.next(choosingWith: phase == .open ? exploration?.chooser : nil) {
        run(entry)
      } else if activity.isIdle, phase != .open || !waitForWork() {
        threadStarted = false
        return
      } else if !activity.isIdle {
        // A main-actor job in flight: its end wakes the thread.
        threadIsWaiting = true
        wakeThread.wait(lock)
        threadIsWaiting = false
      }
    }
  }

  /// Waits until there is a job to run, up to the idle time; returns `false` if none came (the
  /// thread then leaves the world). Lock held, the world idle.
  private func waitForWork() -> Bool {
    let deadline = ContinuousClock.now.advanced(by: WorldThreads.idleTime)
    threadIsWaiting = true
    defer { threadIsWaiting = false }
    while phase == .open, activity.isIdle, ready.isEmpty {
      if ContinuousClock.now >= deadline { return false }
      wakeThread.wait(lock, until: deadline)
    }
    return true
  }

  /// Runs one job: here, or on the main queue for a main-actor job (then the world waits for it
  /// to end before it runs another). Lock held on entry and exit, let go while the job runs.
  private func run(_ entry: ReadyJobs.Entry) {
    activity = .running(task: entry.task, since: .now, onMain: entry.onMain)
    runningJobIsReportedBlocked = false
    jobsSinceProgress += 1
    lock.unlock()
    if entry.onMain {
      let executor = mainExecutor.asUnownedSerialExecutor()
      DispatchQueue.main.async { [self] in
        let previous = World.onCurrentThread
        World.setOnCurrentThread(self)
        entry.job.runSynchronously(on: executor)
        World.setOnCurrentThread(previous)
        lock.lock()
        jobEnded(entry)
        if threadIsWaiting { wakeThread.signal() }
        lock.unlock()
      }
      lock.lock()
      return
    }
    if entry.isGuest {
      // No world's work: what it enqueues is routed by its own task, not by this thread.
      World.setOnCurrentThread(nil)
      entry.job.runSynchronously(on: globalConcurrentExecutor.asUnownedTaskExecutor())
      World.setOnCurrentThread(self)
    } else {
      entry.job.runSynchronously(on: asUnownedTaskExecutor())
    }
    lock.lock()
    jobEnded(entry)
  }

  /// What follows the end of a job. Lock held.
  private func jobEnded(_ entry: ReadyJobs.Entry) {
    guard case .running(_, let since, _) = activity else { return }
    let ran = JobTime.now.duration(since: since)
    if ran >= patience.jobLimit, !runningJobIsReportedBlocked {
      unreportedProblems.append(blockedProblem(task: entry.task, ran: ran, stillRunning: false))
    }
    activity = .idle
    runningJobIsReportedBlocked = false
    if let exploration {
      if exploration.continuation != nil {
        // The step bound: an iteration that keeps running jobs (a task spinning on
        // `Task.yield()` that the order never lets another task release) ends here.
        exploration.jobsRun += 1
        if exploration.jobsRun > exploration.maxJobs { deliver(ending: .exceededJobs) }
      }
      if ready.isEmpty, exploration.bodyResult != nil { deliver() }
    }
    if ready.isEmpty {
      idleSince = .now
      becameIdle.broadcast()
    }
    enforceJobBudget()
    step()
  }

  /// What to report about a job that ran (or runs) too long. Lock held.
  func blockedProblem(task: UInt64, ran: Duration, stillRunning: Bool) -> SettleProblem {
    var onMain = false
    if case .running(_, _, let main) = activity { onMain = main }
    return .jobBlocked(
      JobBlock(
        task: task,
        isTestsOwnTask: task != 0 && task == rootTask,
        origin: members[task]?.origin,
        ran: ran,
        patience: patience.job,
        stillRunning: stillRunning,
        onMain: onMain
      )
    )
  }
}
