import Dispatch
import Foundation
import HarnessIssues
import Synchronization

// A world's executor: the thread that runs its jobs one at a time.
extension FollowedWork {
  // MARK: - A world's executor

  /// Starts the world's executor on a parked thread if one waits, else on a new one. The
  /// world's lock held.
  func startThread(for world: World) {
    world.threadStarted = true
    threads.lock()
    defer { threads.unlock() }
    if let current = WorldThread.current, let old = current.world, old.isRetired, old.runningIsAdopted,
      current.next == nil
    {
      // This thread's world has retired and it runs an adopted job (an explored iteration's
      // driver, starting the next): it runs the new world as soon as that job suspends, with no
      // thread woken. (Not for a followed job: one that waited for the new world would wait
      // forever.)
      current.next = world
      return
    }
    if let parked = parkedThreads.popLast() {
      parked.world = world
      parked.wake.signal()
      return
    }
    let worldThread = WorldThread(world: world)
    let thread = Thread { FollowedWork.shared.runWorlds(on: worldThread) }
    thread.name = "Harness.TestClock"
    thread.stackSize = 8 << 20
    thread.start()
  }

  /// A thread that runs worlds' executors, one world at a time: between worlds it parks for a
  /// while, so that a test making many short-lived worlds (an exploration's iterations) does not
  /// start a thread for each.
  final class WorldThread: @unchecked Sendable {  // Guarded by the follower's `threads` lock.
    var world: World?
    /// The world this thread runs once its current one is done.
    var next: World?
    let wake = FollowLock.Condition()
    init(world: World) { self.world = world }

    /// The world thread running the calling code, if any (also while it runs an adopted job).
    static var current: WorldThread? {
      pthread_getspecific(key).map { Unmanaged<WorldThread>.fromOpaque($0).takeUnretainedValue() }
    }

    func claimCurrentThread() {
      pthread_setspecific(Self.key, Unmanaged.passUnretained(self).toOpaque())
    }

    static let key: pthread_key_t = {
      var key = pthread_key_t()
      pthread_key_create(&key, nil)
      return key
    }()
  }

  /// How long a thread whose world retired waits for another before it ends.
  static let threadParkingTime = Duration.seconds(2)

  func runWorlds(on thread: WorldThread) {
    thread.claimCurrentThread()
    threads.lock()
    while let world = thread.world {
      threads.unlock()
      world.claimCurrentThread()
      world.lock.lock()
      runJobs(of: world)
      world.lock.unlock()
      World.releaseCurrentThread()
      threads.lock()
      if let next = thread.next {
        thread.world = next
        thread.next = nil
        continue
      }
      thread.world = nil
      parkedThreads.append(thread)
      let deadline = ContinuousClock.now.advanced(by: Self.threadParkingTime)
      while thread.world == nil, ContinuousClock.now < deadline { thread.wake.wait(threads, until: deadline) }
      if thread.world == nil { parkedThreads.removeAll { $0 === thread } }
    }
    threads.unlock()
  }

  /// The world's serial executor: runs its jobs one at a time until the world retires. The
  /// world's lock held on entry and exit.
  func runJobs(of world: World) {
    // Set before the world's first job, and for good.
    let exploration = world.exploration
    while true {
      if let entry = world.ready.next(choosingWith: exploration?.chooser) {
        run(entry, of: world)
      } else if world.stepsOnThread {
        world.stepsOnThread = false
        step(world)
      } else if world.isRetired {
        world.threadStarted = false
        break
      } else {
        world.threadIsWaiting = true
        world.wakeThread.wait(world.lock)
        world.threadIsWaiting = false
      }
    }
  }

  /// The world executors' own executor, as the executor a followed job runs on.
  static let worldTaskExecutor = FollowedWork.shared.asUnownedTaskExecutor()

  /// The world's lock held on entry and exit.
  func run(_ entry: ReadyJobs.Entry, of world: World) {
    // Read afresh, not taken from the last job's end: the time between (waiting for the lock,
    // stepping the world) is no job's, and patiences can be 100 ms.
    let start = JobTime.now
    world.runningTask = entry.task
    world.runningIsAdopted = entry.isAdopted
    world.runningSince = start
    world.activitySinceMainActorFlush = true
    world.jobsSinceProgress += 1
    // No arming of the watchdog per job: while a request waits, it looks at the world at least
    // every `stepCheckInterval` (a settle arms it), and at each look it checks the running
    // job's time. Arming here read the precise clock for every job (a tenth of a timer's tick).
    world.lock.unlock()
    // A test task's adopted job runs as the global executor would run it: run on this
    // executor, the runtime would take each of its nonisolated async calls for a change of
    // executor and enqueue it again (an extra job per call). Its hops then leave the hook
    // unseen, so it goes back to the global executor at its next suspension other than a
    // settle, as it would have anyway. Followed jobs run on this executor, so that every job
    // their tasks enqueue passes through the hook.
    if entry.isAdopted {
      // The test's own task, as on any other thread: what it enqueues is attributed by its task
      // (the world it is a member of, perhaps a newer one), not by this thread's world.
      World.releaseCurrentThread()
      entry.job.runSynchronously(on: Self.globalTaskExecutor)
      world.claimCurrentThread()
    } else {
      world.isStaging = world.exploration != nil
      entry.job.runSynchronously(on: Self.worldTaskExecutor)
      world.isStaging = false
    }
    let end = JobTime.now
    let ran = end.duration(since: start)
    world.lock.lock()
    if !world.staged.isEmpty { joinStaged(world) }
    world.runningTask = nil
    world.runningIsAdopted = false
    world.runningSince = nil
    world.pendingJobs -= 1
    if world === unclaimed { unclaimedPendingJobs.subtract(1, ordering: .relaxed) }
    if ran >= world.jobPatience {
      if !world.runningJobIsReportedBlocked {
        world.unreportedProblems.append(blockedProblem(world, task: entry.task, ran: ran, stillRunning: false))
      }
    }
    world.runningJobIsReportedBlocked = false
    if let exploration = world.exploration {
      if !entry.isAdopted, exploration.continuation != nil {
        // The step bound: an iteration that keeps running jobs (a task spinning on
        // `Task.yield()` that the order never lets another task release) ends here.
        exploration.jobsRun += 1
        if exploration.jobsRun > exploration.maxJobs { deliver(world, ending: .exceededJobs) }
      }
      if world.pendingJobs == 0 {
        exploration.idleSince = end
        if exploration.bodyResult != nil { deliver(world) }
      }
    }
    if world === unclaimed {
      world.lock.unlock()
      registry.lock()
      // Unclaimed work is followed for one job: a task that did not sleep on a test clock in it
      // is not a test's, most likely (a test runner's task leaving the main actor), and goes
      // back to the global executor, so that other tests' work never piles up here.
      if entry.task != 0, followedTasks[entry.task] === unclaimed { followedTasks[entry.task] = nil }
      let live = worlds
      registry.unlock()
      // The worlds waiting for unclaimed work may have settled now. Each under its own lock,
      // this one's let go, and never waiting for it: a world whose lock is busy is left to the
      // watchdog, woken now, so that no world holds up the unclaimed executor (nor the others).
      var busy = false
      for waiting in live {
        guard waiting.lock.tryLock() else {
          waiting.unclaimedWorkEnded.store(true, ordering: .relaxed)
          busy = true
          continue
        }
        unclaimedWorkEnded(for: waiting)
        waiting.lock.unlock()
      }
      if busy { armWatchdog(until: .now) }
      world.lock.lock()
      return
    }
    enforceJobBudget(world)
    step(world)
  }

  /// Steps `world` after an unclaimed job ended, if it waits for such work. The world's lock
  /// held.
  func unclaimedWorkEnded(for world: World) {
    guard !world.requests.isEmpty, waitsForUnclaimedWork(world) else { return }
    world.needsMainActorFlush = true
    world.jobsSinceProgress += 1
    enforceJobBudget(world)
    step(world)
  }

  /// Moves the jobs the ended job staged into the world's ready queue. The world's lock held.
  func joinStaged(_ world: World) {
    while let entry = world.staged.next() {
      world.pendingJobs += 1
      // Staged by the fast path, which does not look at the world's sleepers.
      world.noteRunningAgain(entry.task)
      world.ready.append(entry)
    }
    world.exploration?.idleSince = nil
  }

  /// Whether a settle of `world` waits for unclaimed work too: work that left the main actor
  /// may be the world's, unless the main thread is blocked and the world does not use it (then
  /// nothing new comes from the main actor anyway). The world's lock held.
  func waitsForUnclaimedWork(_ world: World) -> Bool {
    world.usesMainActor || !mainQueueIsStalled
  }

  /// Whether none of the world's jobs, and no unclaimed job it waits for, is queued or running.
  /// The world's lock held.
  func isSettled(_ world: World) -> Bool {
    world.isSettled
      && (unclaimedPendingJobs.load(ordering: .relaxed) == 0 || !waitsForUnclaimedWork(world))
  }

  /// Ends the world's request if its work ran too long without settling. The world's lock held.
  func enforceJobBudget(_ world: World) {
    guard world.jobsSinceProgress > Self.jobBudget, !world.requests.isEmpty else { return }
    complete(world, with: .workNeverSettles(jobs: world.jobsSinceProgress))
    world.jobsSinceProgress = 0
  }

  /// What to report about the job running (or that ran) too long on `world`. The world's lock
  /// held.
  func blockedProblem(
    _ world: World,
    task: UInt64? = nil,
    ran: Duration? = nil,
    stillRunning: Bool = true
  ) -> SettleProblem {
    let task = task ?? world.runningTask ?? 0
    return .jobBlocked(
      JobBlock(
        task: task,
        isTestsOwnTask: world.memberTasks.contains(task),
        lastSleptAt: world.sleepSites[task],
        ran: ran ?? world.runningSince.map { JobTime.now.duration(since: $0) } ?? .zero,
        patience: world.jobPatience,
        stillRunning: stillRunning
      )
    )
  }
}
