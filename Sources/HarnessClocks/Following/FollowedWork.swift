import Dispatch
import Foundation
import HarnessIssues
import Synchronization

/// Runs the work that test clocks follow on one serial thread, and knows when it has settled.
///
/// How a job becomes *followed* (checked in ``take(_:)``, called by ``GlobalEnqueueHook`` for
/// every job headed for the global concurrent executor):
/// 1. it resumes a task already followed (a task that slept on a test clock, or one started by
///    followed work);
/// 2. it was caused by followed work: enqueued from the follow thread, or by a task of the world
///    (the test's task after it created a clock, or advanced one), and it is not a task older
///    than the world (a test runner's task resumed by the test's completion stays where it was);
/// 3. it leaves the main actor and no world claims it yet. The runtime offers no hook on the
///    main executor, so a main actor task started by the test is invisible until it leaves the
///    main actor; such jobs join the *unclaimed* work, which every world waits for, until a
///    task of it sleeps on a test clock and so joins that clock's world.
///
/// Followed jobs run one at a time, first in, first out, on the follow thread. A world has
/// settled when none of its jobs and no unclaimed job is queued or running, and, if its work
/// uses the main actor, the main actor has run everything it had queued since: every task of
/// the world is then suspended.
final class FollowedWork: TaskExecutor, @unchecked Sendable {
  static let shared = FollowedWork()

  /// Jobs a world may run between two sleeper resumptions before `advance` gives up on it.
  static let jobBudget = 100_000
  /// How long the main actor may take to run a job before the follower stops waiting for it.
  static let mainActorPatience = Duration.seconds(10)

  private enum Item {
    case job(UnownedJob, ClockWorld?)
    case step(ClockWorld)
    case mainActorFlushed(ClockWorld)
  }

  private let condition = NSCondition()
  /// Lets the hook skip all work while no test clock exists.
  private let liveWorldCount = Atomic<Int>(0)

  // Guarded by `condition`.
  private var queue: [Item] = []
  private var queueHead = 0
  private var worlds: [ClockWorld] = []
  private var followedTasks: [UInt64: ClockWorld] = [:]
  private var creatorTasks: [UInt64: ClockWorld] = [:]
  private var runningWorld: ClockWorld?
  /// Work that left the main actor before any world claimed it; never retired.
  private let unclaimed = ClockWorld(baselineTaskID: 0, testID: nil, usesMainActor: true)
  private var threadID: UInt = 0
  private var threadStarted = false

  private init() {}

  // MARK: - Worlds

  /// The world a clock created here joins: the world of the work that creates it, else the
  /// world of the current test, else a new one whose root is the current task.
  func joinWorld() -> ClockWorld {
    _ = GlobalEnqueueHook.isInstalled
    let task = TaskIdentity.currentTaskID()
    let thread = TaskIdentity.currentThreadID()
    let onMain = TaskIdentity.isOnMainQueue
    let testID = TestContext.current?.id
    condition.lock()
    defer { condition.unlock() }
    let world: ClockWorld
    if thread == threadID, let running = runningWorld, running !== unclaimed, !running.isRetired {
      world = running
    } else if task != 0, let known = followedTasks[task] ?? creatorTasks[task], known !== unclaimed,
      !known.isRetired
    {
      world = known
    } else if let testID, let same = worlds.last(where: { $0.testID == testID }) {
      world = same
    } else {
      world = ClockWorld(baselineTaskID: task, testID: testID, usesMainActor: onMain)
      worlds.append(world)
      liveWorldCount.add(1, ordering: .relaxed)
    }
    if task != 0, followedTasks[task] == nil { creatorTasks[task] = world }
    if onMain { world.usesMainActor = true }
    world.clockCount += 1
    return world
  }

  /// Called when a clock of `world` goes away; the last one retires the world.
  func leaveWorld(_ world: ClockWorld) {
    condition.lock()
    defer { condition.unlock() }
    world.clockCount -= 1
    guard world.clockCount == 0 else { return }
    world.isRetired = true
    worlds.removeAll { $0 === world }
    followedTasks = followedTasks.filter { $0.value !== world }
    creatorTasks = creatorTasks.filter { $0.value !== world }
    if liveWorldCount.subtract(1, ordering: .relaxed).newValue == 0 {
      followedTasks.removeAll()
    }
  }

  /// Records that the current task sleeps on a clock of `world`, and says whether the sleep
  /// comes from work the follower sees (otherwise its timing against `advance` is a race).
  func noteSleeper(in world: ClockWorld) -> Bool {
    let task = TaskIdentity.currentTaskID()
    let thread = TaskIdentity.currentThreadID()
    let onMain = TaskIdentity.isOnMainQueue
    condition.lock()
    defer { condition.unlock() }
    let isSeen =
      (thread == threadID && runningWorld != nil)
      || (task != 0 && (followedTasks[task] === world || creatorTasks[task] === world))
      || onMain
    // An unclaimed task came from the main actor and will go back to it after its sleep.
    if onMain || (task != 0 && followedTasks[task] === unclaimed) { world.usesMainActor = true }
    if world.wokenTask == task { world.wokenTask = nil }
    if task != 0, !world.isRetired { followedTasks[task] = world }
    return isSeen
  }

  /// Runs `request` once the world's work has settled and returns the problems that ended it
  /// early, if any. The calling task joins the world: tasks it starts from now on are followed.
  func settle(_ world: ClockWorld, _ request: SettleRequest) async -> [SettleProblem] {
    let task = TaskIdentity.currentTaskID()
    let onMain = TaskIdentity.isOnMainQueue
    return await withCheckedContinuation { continuation in
      condition.lock()
      if task != 0, followedTasks[task] == nil, !world.isRetired { creatorTasks[task] = world }
      if onMain { world.usesMainActor = true }
      request.continuation = continuation
      world.requests.append(request)
      world.activitySinceMainActorFlush = true
      world.jobsSinceProgress = 0
      // A main actor task that the test started is invisible until it runs: drain the main actor
      // once at the start of every settle, and from then on after each step if the work uses it.
      world.needsMainActorFlush = true
      // Otherwise the end of the running job, or of the main actor flush, takes it from here.
      if isSettled(world), !world.isFlushingMainActor { push(.step(world)) }
      condition.unlock()
    }
  }

  // MARK: - Taking jobs

  /// Takes `job` onto the follow thread if it belongs to followed work; `false` leaves it to the
  /// global executor. Called for every global job while a test clock exists.
  func take(_ job: UnownedJob) -> Bool {
    guard liveWorldCount.load(ordering: .relaxed) > 0 else { return false }
    let jobTask = TaskIdentity.taskID(of: job)
    let currentTask = TaskIdentity.currentTaskID()
    let thread = TaskIdentity.currentThreadID()
    let onMain = TaskIdentity.isOnMainQueue
    condition.lock()
    defer { condition.unlock() }
    guard
      let world = world(
        forJobOf: jobTask,
        enqueuedBy: currentTask,
        onFollowThread: thread == threadID,
        onMain: onMain
      )
    else { return false }
    // Work that leaves the main actor may go back to it: from now on, settles drain it too.
    if onMain { world.usesMainActor = true }
    if jobTask != 0 { followedTasks[jobTask] = world }
    world.pendingJobs += 1
    push(.job(job, world))
    return true
  }

  /// The attribution rules listed on the type. Lock held.
  private func world(
    forJobOf jobTask: UInt64,
    enqueuedBy currentTask: UInt64,
    onFollowThread: Bool,
    onMain: Bool
  ) -> ClockWorld? {
    if jobTask != 0, let world = followedTasks[jobTask] {
      return world
    }
    let cause =
      (onFollowThread ? runningWorld : nil)
      ?? (currentTask != 0 ? followedTasks[currentTask] ?? creatorTasks[currentTask] : nil)
    if let cause, !cause.isRetired {
      return cause.admits(taskID: jobTask) ? cause : nil
    }
    guard onMain else { return nil }
    if jobTask != 0, let world = creatorTasks[jobTask] {
      // A test's own task leaving the main actor stays where it was, but its work may wait on
      // the main actor too.
      world.usesMainActor = true
      return nil
    }
    return unclaimed
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let unowned = UnownedJob(job)
    if !take(unowned) { globalConcurrentExecutor.enqueue(ExecutorJob(unowned)) }
  }

  // MARK: - The follow thread

  /// Lock held.
  private func push(_ item: Item) {
    queue.append(item)
    if !threadStarted {
      threadStarted = true
      let thread = Thread { FollowedWork.shared.runLoop() }
      thread.name = "Harness.TestClock"
      thread.stackSize = 8 << 20
      thread.start()
    }
    condition.signal()
  }

  /// Lock held.
  private func popFirst() -> Item? {
    guard queueHead < queue.count else { return nil }
    let item = queue[queueHead]
    queueHead += 1
    if queueHead > 1024, queueHead * 2 > queue.count {
      queue.removeFirst(queueHead)
      queueHead = 0
    }
    return item
  }

  private func runLoop() {
    condition.lock()
    threadID = TaskIdentity.currentThreadID()
    while true {
      expireMainActorFlushes()
      guard let item = popFirst() else {
        waitForWork()
        continue
      }
      switch item {
      case .job(let job, let world):
        run(job, of: world)
      case .step(let world):
        step(world)
      case .mainActorFlushed(let world):
        world.isFlushingMainActor = false
        step(world)
      }
    }
  }

  /// Lock held on entry and exit.
  private func run(_ job: UnownedJob, of world: ClockWorld?) {
    runningWorld = world
    world?.activitySinceMainActorFlush = true
    world?.jobsSinceProgress += 1
    condition.unlock()
    job.runSynchronously(on: asUnownedTaskExecutor())
    condition.lock()
    runningWorld = nil
    guard let world else { return }
    world.pendingJobs -= 1
    if world === unclaimed {
      // Every world waits for unclaimed work, and it came from the main actor: drain that too.
      for waiting in worlds where !waiting.requests.isEmpty {
        waiting.needsMainActorFlush = true
        waiting.jobsSinceProgress += 1
        enforceJobBudget(waiting)
        if world.pendingJobs == 0 { step(waiting) }
      }
      return
    }
    enforceJobBudget(world)
    step(world)
  }

  /// Ends the world's request if its work ran too long without settling. Lock held.
  private func enforceJobBudget(_ world: ClockWorld) {
    guard world.jobsSinceProgress > Self.jobBudget, !world.requests.isEmpty else { return }
    complete(world, with: .workNeverSettles(jobs: world.jobsSinceProgress))
    world.jobsSinceProgress = 0
  }

  /// Whether none of the world's jobs, and no unclaimed job, is queued or running. Lock held.
  private func isSettled(_ world: ClockWorld) -> Bool {
    world.pendingJobs == 0 && unclaimed.pendingJobs == 0
  }

  /// Moves the world's first request on if the world has settled: resumes the next due sleeper,
  /// or completes the request. Lock held on entry and exit.
  ///
  /// The main actor is drained (see ``flushMainActor(for:)``) at the start and at the end of every
  /// request, after every step once the work is known to use the main actor, and after a step
  /// whose sleeper did not sleep again: that task may be waiting on the main actor.
  private func step(_ world: ClockWorld) {
    while isSettled(world), !world.isFlushingMainActor, let request = world.requests.first {
      let wokenTaskWentElsewhere = world.wokenTask != nil
      if world.needsMainActorFlush || wokenTaskWentElsewhere
        || (world.usesMainActor && world.activitySinceMainActorFlush)
      {
        world.wokenTask = nil
        flushMainActor(for: world)
        return
      }
      if let limit = request.maxResumptions, request.resumptions >= limit {
        complete(world, with: .tooManyResumptions(limit))
        continue
      }
      // Whatever the resumed sleeper enqueues belongs to this world.
      runningWorld = world
      condition.unlock()
      let woken = request.resumeNext()
      condition.lock()
      runningWorld = nil
      if let woken {
        request.resumptions += 1
        world.wokenTask = woken
        world.activitySinceMainActorFlush = true
        world.jobsSinceProgress = 0
      } else if world.activitySinceMainActorFlush {
        // Nothing is due: drain the main actor once more before the caller looks.
        world.needsMainActorFlush = true
      } else {
        complete(world, with: nil)
      }
    }
  }

  /// Ends the world's first request and resumes its caller. Lock held on entry and exit.
  private func complete(_ world: ClockWorld, with problem: SettleProblem?) {
    guard !world.requests.isEmpty else { return }
    let request = world.requests.removeFirst()
    if let problem { request.problems.append(problem) }
    let continuation = request.continuation
    request.continuation = nil
    let problems = request.problems
    condition.unlock()
    if problem == nil { request.finish() }
    continuation?.resume(returning: problems)
    condition.lock()
  }

  /// Lets the main actor run what it has queued, then steps the world again. Lock held.
  private func flushMainActor(for world: ClockWorld) {
    world.isFlushingMainActor = true
    world.needsMainActorFlush = false
    world.activitySinceMainActorFlush = false
    world.mainActorFlushStart = .now
    condition.unlock()
    // The main queue is first in, first out: when this runs, every main actor job queued before
    // it has run.
    DispatchQueue.main.async {
      FollowedWork.shared.mainActorFlushed(world)
    }
    condition.lock()
  }

  private func mainActorFlushed(_ world: ClockWorld) {
    condition.lock()
    push(.mainActorFlushed(world))
    condition.unlock()
  }

  /// Lock held.
  private func waitForWork() {
    let flushStarts = worlds.compactMap { $0.isFlushingMainActor ? $0.mainActorFlushStart : nil }
    guard let earliest = flushStarts.min() else {
      condition.wait()
      return
    }
    let remaining = earliest.advanced(by: Self.mainActorPatience) - .now
    let seconds = Double(remaining.components.seconds) + Double(remaining.components.attoseconds) / 1e18
    _ = condition.wait(until: Date(timeIntervalSinceNow: max(seconds, 0)))
  }

  /// Gives up on main actor flushes that take longer than ``mainActorPatience``. Lock held.
  private func expireMainActorFlushes() {
    let now = ContinuousClock.now
    for world in worlds where world.isFlushingMainActor {
      guard let start = world.mainActorFlushStart, now - start >= Self.mainActorPatience else { continue }
      world.isFlushingMainActor = false
      world.usesMainActor = false
      world.requests.first?.problems.append(.mainActorUnresponsive)
      step(world)
    }
  }
}
