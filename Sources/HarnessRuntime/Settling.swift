import HarnessIssues

// Settling: an advance or a settle waits until every task of its world is suspended.
extension World {
  /// Runs `request` once the world's work has settled, and returns the problems that ended it
  /// early or that it found (tasks waiting on something the world cannot see), if any.
  ///
  /// Settled means: no job of the world is ready or running (its main-actor jobs included), so
  /// every live task of the world is suspended. The calling task joins the world if it belongs to
  /// none: the tasks it starts from now on are the world's.
  package func settle(_ request: SettleRequest) async -> [SettleProblem] {
    addCurrentTask(asRoot: false)
    let waiter = TaskIdentity.currentTaskID()
    return await withCheckedContinuation { continuation in
      lock.lock()
      defer { lock.unlock() }
      request.continuation = continuation
      request.waiter = waiter
      jobsSinceProgress = 0
      requests.append(request)
      if phase != .open || runningJobIsReportedBlocked {
        // The world has ended, or a job blocks its executor and was reported already: waiting
        // would only block this caller too.
        complete(with: nil)
      } else if activity.isIdle, ready.isEmpty {
        step()
      } else {
        // The end of the running job takes it from here (this caller's own, when it runs here).
        engine.watchdog.wake(within: shortestPatience / 4)
      }
    }
  }

  /// Moves the world's first request on if the world has settled: resumes the next due sleeper,
  /// or completes the request. Lock held on entry and exit.
  func step() {
    guard !isStepping else { return }
    while activity.isIdle, ready.isEmpty, let request = requests.first {
      if let limit = request.maxResumptions, request.resumptions >= limit {
        complete(with: .tooManyResumptions(limit))
        continue
      }
      isStepping = true
      lock.unlock()
      // The woken task's resumption is this world's own work, whichever thread steps it.
      let previous = World.onCurrentThread
      World.setOnCurrentThread(self)
      let resumed = request.resumeNext { task in
        // Before the wake: the woken task may run, and the world be stepped from another thread,
        // before this one gets the lock back.
        lock.lock()
        members.update(task) { $0.wait = .unknown }
        request.resumptions += 1
        jobsSinceProgress = 0
        lock.unlock()
      }
      World.setOnCurrentThread(previous)
      lock.lock()
      isStepping = false
      if !resumed { complete(with: nil) }
    }
  }

  /// Ends the world's first request and resumes its caller. Lock held on entry and exit (let go
  /// meanwhile).
  func complete(with problem: SettleProblem?) {
    guard !requests.isEmpty else { return }
    let request = requests.removeFirst()
    var problems = request.problems
    if let problem { problems.append(problem) }
    // What went wrong while nobody waited is told to the first settle that ends after it.
    problems += unreportedProblems
    unreportedProblems = []
    if problem == nil, phase == .open, let waits = outsideWaits(), !waits.isEmpty {
      problems.append(.waitingOutside(waits))
    }
    let continuation = request.continuation
    request.continuation = nil
    let wasStepping = isStepping
    isStepping = true
    lock.unlock()
    if problem == nil { request.finish() }
    continuation?.resume(returning: problems)
    lock.lock()
    isStepping = wasStepping
  }

  /// The tasks of the world, suspended now, that wait on something the world cannot see and were
  /// not told of before: each is warned about once. Lock held.
  private func outsideWaits() -> [OutsideWait]? {
    var waits: [OutsideWait] = []
    for (task, member) in members.all where !member.warned && task != rootTask {
      let reason: OutsideWait.Reason
      switch member.wait {
      case .realSleep(let clock, let delay):
        reason = .realSleep(clock: clock, delay: delay)
      case .unknown where member.wokenFromOutside:
        // A task waiting for a settle of this world is not waiting outside.
        guard !requests.contains(where: { $0.waiter == task }) else { continue }
        reason = .resumedFromOutside
      default:
        continue
      }
      members.update(task) { $0.warned = true }
      waits.append(OutsideWait(task: task, origin: member.origin, reason: reason))
    }
    return waits.sorted { $0.task < $1.task }
  }

  /// Ends the world's request if its work ran too long without settling. Lock held.
  func enforceJobBudget() {
    guard jobsSinceProgress > Self.jobBudget, !requests.isEmpty else { return }
    complete(with: .workNeverSettles(jobs: jobsSinceProgress))
    jobsSinceProgress = 0
  }

  /// Jobs a world may run between two sleeper resumptions before a waiting settle gives up on it.
  static let jobBudget = 100_000

  /// Whether a settle asked now by the current task would end at once, finding nothing to run or
  /// report: no job of the world ready or running but the caller's own, no settle waiting, no
  /// problem to report, the caller one of the world's tasks. A `TestStore` skips such settles
  /// (two of the three in a round trip usually are).
  package func hasNothingToSettle() -> Bool {
    let caller = TaskIdentity.currentTaskID()
    guard caller != 0 else { return false }
    lock.lock()
    defer { lock.unlock() }
    guard phase == .open, members.contains(caller), requests.isEmpty, ready.isEmpty,
      unreportedProblems.isEmpty, !runningJobIsReportedBlocked, exploration == nil
    else { return false }
    switch activity {
    case .idle: return true
    case .running(let task, let since, _):
      // The caller's own job, running here, is not pending work; one running past its patience
      // is reported by a settle.
      return task == caller && JobTime.now.duration(since: since) < patience.jobLimit
    }
  }

  /// Whether each of `tasks` is suspended in a sleep on a test clock of the world, with nothing of
  /// the world ready or running but the caller's own job.
  package func areSleeping(_ tasks: [UInt64]) -> Bool {
    let caller = TaskIdentity.currentTaskID()
    lock.lock()
    defer { lock.unlock() }
    guard ready.isEmpty else { return false }
    if case .running(let task, _, _) = activity, task != caller || caller == 0 { return false }
    return tasks.allSatisfy { task in
      guard task != 0, let member = members[task], case .testClock = member.wait else { return false }
      return true
    }
  }

  // MARK: Sleeps on test clocks

  /// Records that the current task sleeps on a clock bound to this world, and says whether the
  /// world sees it (otherwise its timing against `advance` is a race). A task of no world that
  /// sleeps on the clock of its own test joins the world: it uses the test's clock.
  package func noteSleeper(at site: SourceCodeLocation?) -> Bool {
    let task = TaskIdentity.currentTaskID()
    guard task != 0 else { return false }
    if let world = Engine.world(ofTask: task) { return world === self }
    guard let test, TestContext.current == test else { return false }
    addCurrentTask(asRoot: false)
    return false
  }

  /// Records that `task` is suspending in a sleep on a test clock of the world (its continuation
  /// is registered: nothing of the task runs until it is resumed).
  package func noteSuspendedInSleep(_ task: UInt64, at site: SourceCodeLocation?) {
    guard task != 0 else { return }
    lock.lock()
    defer { lock.unlock() }
    members.update(task) { member in
      if case .realSleep = member.wait { realSleepsPending -= 1 }
      member.wait = .testClock(site: site)
    }
  }
}
