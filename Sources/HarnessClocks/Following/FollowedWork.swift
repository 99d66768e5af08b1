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
///    main actor; such jobs join the *unclaimed* work, which every world waits for, for one job:
///    a task that sleeps on a test clock in it joins that clock's world, any other goes back to
///    the global executor afterwards.
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
  static let defaultMainActorPatience = Duration.seconds(10)

  private enum Item {
    case job(UnownedJob, ClockWorld?, task: UInt64)
    case step(ClockWorld)
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
  private let followThreadID = Atomic<UInt>(0)
  /// The thread stepping a world from the main queue after a flush, while it does.
  private let mainQueueStepThreadID = Atomic<UInt>(0)
  private var threadStarted = false
  /// Whether the follow thread is waiting for work, and until when (`nil`: no deadline). A main
  /// actor flush started elsewhere, whose deadline comes sooner, must wake it, or nothing would
  /// notice a main actor that never runs the flush. Guarded by `condition`.
  private var followThreadIsWaiting = false
  private var followThreadWaitsUntil: ContinuousClock.Instant?

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
    if thread == followThreadID.load(ordering: .relaxed), let running = runningWorld, running !== unclaimed,
      !running.isRetired
    {
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

  /// Sets how long `world` waits for the main actor to drain.
  func setMainActorPatience(_ patience: Duration, for world: ClockWorld) {
    condition.lock()
    world.mainActorPatience = patience
    condition.unlock()
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
  func noteSleeper(_ task: UInt64, in world: ClockWorld) -> Bool {
    let thread = TaskIdentity.currentThreadID()
    let onMain = TaskIdentity.isOnMainQueue
    condition.lock()
    defer { condition.unlock() }
    let isSeen =
      (thread == followThreadID.load(ordering: .relaxed) && runningWorld != nil)
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
      // Stepped here rather than on the follow thread: the first step is a main actor flush,
      // which only posts to the main queue, so waking the follow thread for it would cost a
      // thread hand-off per settle for nothing.
      if isSettled(world), !world.isFlushingMainActor { step(world, onFollowThread: false) }
      condition.unlock()
    }
  }

  // MARK: - Taking jobs

  /// Takes `job` onto the follow thread if it belongs to followed work; `false` leaves it to the
  /// global executor. Called for every global job while a test clock exists.
  func take(_ job: UnownedJob) -> Bool {
    guard liveWorldCount.load(ordering: .relaxed) > 0 else { return false }
    let jobTask = TaskIdentity.taskID(of: job)
    let thread = TaskIdentity.currentThreadID()
    let onFollowThread = thread == followThreadID.load(ordering: .relaxed)
    // On the follow thread the running job tells whose work this is; elsewhere the current task.
    let currentTask = onFollowThread ? 0 : TaskIdentity.currentTaskID()
    let onMain =
      !onFollowThread && thread != mainQueueStepThreadID.load(ordering: .relaxed)
      && TaskIdentity.isOnMainQueue
    condition.lock()
    defer { condition.unlock() }
    guard
      let world = world(
        forJobOf: jobTask,
        enqueuedBy: currentTask,
        onFollowThread: onFollowThread,
        onMain: onMain
      )
    else { return false }
    // Work that leaves the main actor may go back to it: from now on, settles drain it too.
    if onMain { world.usesMainActor = true }
    if jobTask != 0 { followedTasks[jobTask] = world }
    world.pendingJobs += 1
    push(.job(job, world, task: jobTask))
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
    startFollowThreadIfNeeded()
    condition.signal()
  }

  /// Lock held.
  private func startFollowThreadIfNeeded() {
    guard !threadStarted else { return }
    threadStarted = true
    let thread = Thread { FollowedWork.shared.runLoop() }
    thread.name = "Harness.TestClock"
    thread.stackSize = 8 << 20
    thread.start()
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
    followThreadID.store(TaskIdentity.currentThreadID(), ordering: .relaxed)
    while true {
      expireMainActorFlushes()
      guard let item = popFirst() else {
        waitForWork()
        continue
      }
      switch item {
      case .job(let job, let world, let task):
        run(job, of: world, task: task)
      case .step(let world):
        step(world)
      }
    }
  }

  /// Lock held on entry and exit.
  private func run(_ job: UnownedJob, of world: ClockWorld?, task: UInt64) {
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
      // Unclaimed work is followed for one job: a task that did not sleep on a test clock in it
      // is not a test's, most likely (a test runner's task leaving the main actor), and goes back
      // to the global executor, so that other tests' work never piles up here.
      if task != 0, followedTasks[task] === unclaimed { followedTasks[task] = nil }
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
  /// request, and after every step once the work is known to use the main actor.
  private func step(_ world: ClockWorld, onFollowThread: Bool = true) {
    // Another thread is between two steps of this world; it looks again when it is back.
    guard !world.isStepping else { return }
    while isSettled(world), !world.isFlushingMainActor, let request = world.requests.first {
      // A woken task that did not sleep again finished, or waits elsewhere: on the main actor,
      // perhaps, if the work has been seen there.
      let wokenTaskMayBeOnMainActor = world.wokenTask != nil && world.usesMainActor
      if world.needsMainActorFlush || wokenTaskMayBeOnMainActor
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
      // Whatever the resumed sleeper enqueues belongs to this world (its task is followed
      // already, so this only matters for what it enqueues besides itself).
      if onFollowThread { runningWorld = world }
      world.isStepping = true
      condition.unlock()
      let resumed = request.resumeNext { task in
        // Before the wake: the woken task may run, and the world be stepped from another
        // thread, before this one gets the lock back.
        condition.lock()
        world.wokenTask = task
        request.resumptions += 1
        world.activitySinceMainActorFlush = true
        world.jobsSinceProgress = 0
        condition.unlock()
      }
      condition.lock()
      world.isStepping = false
      if onFollowThread { runningWorld = nil }
      if resumed {
        continue
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
    let wasStepping = world.isStepping
    world.isStepping = true
    condition.unlock()
    if problem == nil { request.finish() }
    continuation?.resume(returning: problems)
    condition.lock()
    world.isStepping = wasStepping
  }

  /// Lets the main actor run what it has queued, then steps the world again. Lock held.
  private func flushMainActor(for world: ClockWorld) {
    world.isFlushingMainActor = true
    world.needsMainActorFlush = false
    world.activitySinceMainActorFlush = false
    let start = ContinuousClock.now
    world.mainActorFlushStart = start
    // The follow thread watches the deadline: make sure it runs and wakes up for it.
    startFollowThreadIfNeeded()
    let deadline = start.advanced(by: world.mainActorPatience)
    if followThreadIsWaiting, followThreadWaitsUntil.map({ deadline < $0 }) ?? true {
      condition.signal()
    }
    condition.unlock()
    // The main queue is first in, first out: when this runs, every main actor job queued before
    // it has run.
    DispatchQueue.main.async {
      FollowedWork.shared.mainActorFlushed(world)
    }
    condition.lock()
  }

  /// Runs on the main queue: the flush is over, so the world moves on from here, which saves
  /// waking the follow thread for it.
  private func mainActorFlushed(_ world: ClockWorld) {
    // What this step enqueues is the follower's doing, not main actor work.
    mainQueueStepThreadID.store(TaskIdentity.currentThreadID(), ordering: .relaxed)
    defer { mainQueueStepThreadID.store(0, ordering: .relaxed) }
    condition.lock()
    world.isFlushingMainActor = false
    step(world, onFollowThread: false)
    condition.unlock()
  }

  /// Lock held.
  private func waitForWork() {
    let deadlines = worlds.compactMap { world in
      world.isFlushingMainActor ? world.mainActorFlushStart?.advanced(by: world.mainActorPatience) : nil
    }
    followThreadIsWaiting = true
    followThreadWaitsUntil = deadlines.min()
    defer { followThreadIsWaiting = false }
    guard let earliest = followThreadWaitsUntil else {
      condition.wait()
      return
    }
    let remaining = earliest - .now
    let seconds = Double(remaining.components.seconds) + Double(remaining.components.attoseconds) / 1e18
    _ = condition.wait(until: Date(timeIntervalSinceNow: max(seconds, 0)))
  }

  /// Gives up on main actor flushes that take longer than their world's patience. Lock held.
  private func expireMainActorFlushes() {
    guard worlds.contains(where: { $0.isFlushingMainActor }) else { return }
    let now = ContinuousClock.now
    for world in worlds where world.isFlushingMainActor {
      guard let start = world.mainActorFlushStart, now - start >= world.mainActorPatience else { continue }
      world.isFlushingMainActor = false
      world.usesMainActor = false
      world.requests.first?.problems.append(.mainActorUnresponsive(patience: world.mainActorPatience))
      step(world)
    }
  }
}
