import Dispatch
import Foundation
import HarnessIssues
import Synchronization

/// Routes the jobs that test clocks follow to the executor of their test's world, and knows
/// when a world's work has settled.
///
/// How a job becomes *followed* (checked in ``take(_:)``, called by ``GlobalEnqueueHook`` for
/// every job headed for the global concurrent executor):
/// 1. it resumes a task already followed (a task that slept on a test clock, or one started by
///    followed work);
/// 2. it was caused by followed work: enqueued by a job running on a world's executor, or by a
///    member task of a world (the test's task once it created, advanced or settled a clock),
///    and it is not a task older than the world (a test runner's task resumed by the test's
///    completion stays where it was);
/// 3. it leaves the main actor and belongs to a world's test. The runtime offers no hook on the
///    main executor, so a main actor task started by the test is invisible until it leaves the
///    main actor; such a job is followed for one job (its world now uses the main actor), and
///    for good once its task sleeps on a test clock.
///
/// Each world runs its jobs one at a time on a thread of its own (see ``ClockWorld``), so tests
/// never wait for each other's work. A world has settled when none of its jobs is queued or
/// running and, if its work uses the main actor, the main actor has run everything it had
/// queued since: every task of the world is then suspended. The lock is never held while a job
/// runs; a job that runs longer than the world's patience is reported by the watchdog.
final class FollowedWork: TaskExecutor, @unchecked Sendable {
  static let shared = FollowedWork()

  /// Jobs a world may run between two sleeper resumptions before `advance` gives up on it.
  static let jobBudget = 100_000
  /// How long the main actor may take to run a job before the follower stops waiting for it.
  static let defaultMainActorPatience = Duration.seconds(10)
  /// How long one followed job may run before it is reported as blocking its world.
  static let defaultJobPatience = Duration.seconds(10)
  /// How often the watchdog looks for a settled world whose advance still waits.
  static let stepCheckInterval = Duration.milliseconds(250)
  /// `HARNESS_FOLLOW_DEBUG=1` prints when the watchdog had to step a settled world, and when a
  /// main actor drain gave up or was skipped.
  static let debugsFollowing = ProcessInfo.processInfo.environment["HARNESS_FOLLOW_DEBUG"] == "1"
  /// How long a world that does not use the main actor waits for it to drain before it takes
  /// the main thread for blocked and stops draining it. (Under ThreadSanitizer on a loaded
  /// machine a main queue that is merely slow took 0.1–1.5 s to drain: a shorter threshold let
  /// settles miss a main actor task the test had just started.)
  static let mainQueueStallThreshold = Duration.seconds(1)
  /// How long such a world waits instead while the main queue is likely slow rather than
  /// blocked (its thread is running, or the machine is loaded).
  static let busyMainQueueStallThreshold = Duration.seconds(5)

  /// The global concurrent executor, as the executor a followed job runs on.
  private static let globalTaskExecutor = globalConcurrentExecutor.asUnownedTaskExecutor()

  let lock = FollowLock()
  /// Lets the hook skip all work while no world exists.
  private let liveWorldCount = Atomic<Int>(0)

  // Guarded by `lock`.
  private var worlds: [ClockWorld] = []
  @exclusivity(unchecked) private var followedTasks: [UInt64: ClockWorld] = [:]
  /// Work that left the main actor before any world claimed it: it runs on an executor of its
  /// own, for one job, unless its task sleeps on a test clock in it (then it joins that clock's
  /// world). Never retired.
  private let unclaimed = ClockWorld(firstTask: 0, testID: nil, usesMainActor: true)
  /// Whether a main actor drain has been waiting longer than ``mainQueueStallThreshold``: the
  /// main thread is blocked, so worlds that do not use the main actor stop draining it.
  private var mainQueueIsStalled = false
  @exclusivity(unchecked) private var memberTasks: [UInt64: ClockWorld] = [:]
  /// The world of the XCTest test running now, which owns the tasks created from the main
  /// thread outside any task (see ``beginMainThreadTest(_:bindings:)``).
  @exclusivity(unchecked) private var mainThreadTest: ClockWorld?
  /// Test tasks whose settle a world's thread ended: the job that resumes each runs next on
  /// that thread, which is awake already, rather than wake a thread of the global executor
  /// (a `TestStore` round trip then costs no thread hand-off). For that one job only.
  @exclusivity(unchecked) private var adoptedTasks: [UInt64: ClockWorld] = [:]
  /// Tasks running ``runExplored(chooser:stallPatience:testID:onStall:_:)``: the next task each
  /// creates is the body of the world it explores.
  @exclusivity(unchecked) private var exploringCreators: [UInt64: ClockWorld] = [:]
  /// Threads whose world retired, waiting for a new one (see ``runWorlds(on:)``).
  private var parkedThreads: [WorldThread] = []
  /// Tasks of abandoned explored runs: their jobs are dropped, so they never run again.
  @exclusivity(unchecked) private var quarantinedTasks: Set<UInt64> = []
  /// The thread stepping a world from the main queue after a flush, while it does.
  private let mainQueueStepThreadID = Atomic<UInt>(0)

  // The watchdog. Guarded by `lock`.
  private let wakeWatchdog = FollowLock.Condition()
  private var watchdogStarted = false
  private var watchdogIsWaiting = false
  private var watchdogWaitsUntil: ContinuousClock.Instant?
  /// The earliest deadline asked for while the watchdog was looking at the worlds (it lets go of
  /// the lock while it steps one): its look may have passed the world already.
  private var watchdogArmedWhileLooking: ContinuousClock.Instant?

  private init() {}

  /// Set when the runtime hook had to be reclaimed for the first time in the process: the next
  /// settle reports it, as a warning, at its caller's line.
  private let hookWarningIsDue = Atomic<Bool>(false)

  /// Installs the runtime hook, or puts it back if another library took the slot (see
  /// ``GlobalEnqueueHook/reclaim()``). Called whenever a world begins, joins or settles.
  func reclaimHook() {
    guard GlobalEnqueueHook.isInstalled else { return }
    if GlobalEnqueueHook.reclaim() { hookWarningIsDue.store(true, ordering: .relaxed) }
  }

  // MARK: - Worlds

  /// The world the calling code joins: the world whose job runs on this thread, else the world
  /// of the current task, else the world of the current test, else a new one.
  func joinWorld(testID: String?) -> ClockWorld {
    reclaimHook()
    let task = TaskIdentity.currentTaskID()
    let onMain = TaskIdentity.isOnMainQueue
    let here = ClockWorld.onCurrentThread
    lock.lock()
    defer { lock.unlock() }
    let world: ClockWorld
    // Unclaimed work is nobody's world: code running there starts (or finds) its own.
    if let here, here !== unclaimed, !here.isRetired {
      world = here
    } else if task != 0, let known = followedTasks[task] ?? memberTasks[task], known !== unclaimed,
      !known.isRetired
    {
      world = known
    } else if let testID, let same = worlds.last(where: { $0.testID == testID }) {
      world = same
    } else {
      world = ClockWorld(firstTask: task, testID: testID, usesMainActor: onMain)
      worlds.append(world)
      liveWorldCount.add(1, ordering: .relaxed)
    }
    addMember(task, to: world)
    if onMain { world.usesMainActor = true }
    world.memberCount += 1
    return world
  }

  /// Begins the world of an XCTest test that runs now (XCTest runs one at a time, its test
  /// methods on the main thread), before any of its code runs: the tasks created from the main
  /// thread outside any task until the test ends (XCTest's tasks for an async test method, its
  /// async `setUp` and `tearDown`, and the tasks a synchronous test starts) are the test's own,
  /// and `bindings` (Harness objects the test case holds, made before the test began) join it.
  func beginMainThreadTest(_ testID: String, bindings: [WorldBinding]) {
    reclaimHook()
    lock.lock()
    // Not a member's join (nothing runs on the main actor yet): the test's end retires it.
    let world = worlds.last(where: { $0.testID == testID }) ?? {
      let world = ClockWorld(firstTask: 0, testID: testID, usesMainActor: false)
      worlds.append(world)
      liveWorldCount.add(1, ordering: .relaxed)
      return world
    }()
    mainThreadTest = world
    lock.unlock()
    for binding in bindings { binding.bind(to: world) }
  }

  /// Notes one more clock or `TestWork` bound to `world`.
  func addBinding(to world: ClockWorld) {
    lock.lock()
    world.memberCount += 1
    lock.unlock()
  }

  /// Lock held.
  private func addMember(_ task: UInt64, to world: ClockWorld) {
    guard task != 0, !world.isRetired else { return }
    // A task followed by a world runs its jobs there already; one that runs unclaimed for a job
    // (it came from the main actor) becomes a member all the same.
    if let followed = followedTasks[task], followed !== unclaimed { return }
    memberTasks[task] = world
    world.addMember(task: task)
  }

  /// Sets how long `world` waits for the main actor to drain, and for one job to end.
  func setPatience(mainActor: Duration?, job: Duration?, for world: ClockWorld) {
    lock.lock()
    if let mainActor { world.mainActorPatience = mainActor }
    if let job { world.jobPatience = job }
    lock.unlock()
  }

  /// Called when a clock or `TestWork` of `world` goes away; the last one retires the world.
  /// Returns the problems no advance has reported yet, for the caller to report.
  func leaveWorld(_ world: ClockWorld) -> [SettleProblem] {
    lock.lock()
    defer { lock.unlock() }
    world.memberCount -= 1
    guard world.memberCount == 0 else { return [] }
    retire(world)
    defer { world.unreportedProblems = [] }
    return world.unreportedProblems
  }

  /// Retires the worlds of a test that has ended (XCTest says when), so that clocks an
  /// `XCTestCase` keeps after its test stop taking jobs; a later use binds them afresh.
  package func testEnded(_ testID: String) {
    lock.lock()
    for world in worlds where world.testID == testID { retire(world) }
    if mainThreadTest?.testID == testID { mainThreadTest = nil }
    lock.unlock()
  }

  /// Lock held.
  private func retire(_ world: ClockWorld) {
    guard !world.isRetired else { return }
    world.isRetired = true
    // Its tasks are no longer its own.
    world.followGeneration.add(1, ordering: .releasing)
    worlds.removeAll { $0 === world }
    followedTasks = followedTasks.filter { $0.value !== world }
    memberTasks = memberTasks.filter { $0.value !== world }
    adoptedTasks = adoptedTasks.filter { $0.value !== world }
    if world.threadIsWaiting { world.wakeThread.signal() }
    liveWorldCount.subtract(1, ordering: .relaxed)
  }

  /// Records that the current task sleeps on a clock of `world`, and says whether the sleep
  /// comes from work the follower sees (otherwise its timing against `advance` is a race).
  func noteSleeper(_ task: UInt64, in world: ClockWorld, at site: SourceCodeLocation?) -> Bool {
    reclaimHook()
    let onMain = TaskIdentity.isOnMainQueue
    let here = ClockWorld.onCurrentThread
    lock.lock()
    defer { lock.unlock() }
    let isSeen =
      here === world
      || (task != 0 && (followedTasks[task] === world || memberTasks[task] === world))
      || here === unclaimed
      || onMain
    // An unclaimed task came from the main actor and will go back to it after its sleep.
    if onMain || here === unclaimed || (task != 0 && followedTasks[task] === unclaimed) { world.usesMainActor = true }
    if world.wokenTask == task { world.wokenTask = nil }
    if task != 0, !world.isRetired {
      if let previous = followedTasks[task], previous !== world { previous.followGeneration.add(1, ordering: .releasing) }
      followedTasks[task] = world
      if let site { world.sleepSites[task] = site }
    }
    return isSeen
  }

  /// Records that `task` is suspending in a sleep on a clock of `world` (its continuation is
  /// registered: nothing of the task runs until it is resumed).
  func noteSuspendedInSleep(_ task: UInt64, in world: ClockWorld) {
    guard task != 0 else { return }
    lock.lock()
    if !world.isRetired { world.sleepingTasks.insert(task) }
    lock.unlock()
  }

  /// Whether each of `tasks` is suspended in a sleep on a clock of `world`, with nothing of the
  /// world's queued or running.
  func areSleeping(_ tasks: [UInt64], in world: ClockWorld) -> Bool {
    let caller = TaskIdentity.currentTaskID()
    lock.lock()
    defer { lock.unlock() }
    // The caller's own job does not count when the world runs it (a test task adopted after a
    // settle asks right after it): it is not work that could wake a sleeper behind its back.
    // Nor in an explored run, where the caller is a followed job like any other.
    let callersJob =
      caller != 0 && world.runningTask == caller
        && (world.runningIsAdopted || (world.exploration != nil && ClockWorld.onCurrentThread === world)) ? 1 : 0
    // The world's own jobs only: unclaimed work (another test's main actor task, perhaps) does
    // not wake a sleeper of this world.
    // Jobs the caller's job staged are pending too (only the world's thread has them).
    let staged = ClockWorld.onCurrentThread === world ? world.staged.count : 0
    return world.pendingJobs + staged - callersJob == 0
      && tasks.allSatisfy { $0 != 0 && world.sleepingTasks.contains($0) }
  }

  /// Runs `request` once the world's work has settled and returns the problems that ended it
  /// early, if any. The calling task joins the world: tasks it starts from now on are followed.
  func settle(_ world: ClockWorld, _ request: SettleRequest) async -> [SettleProblem] {
    let task = TaskIdentity.currentTaskID()
    let onMain = TaskIdentity.isOnMainQueue
    var early: [SettleProblem] = []
    reclaimHook()
    if hookWarningIsDue.exchange(false, ordering: .relaxed) { early.append(.hookReclaimed) }
    let problems = await withCheckedContinuation { continuation in
      lock.lock()
      addMember(task, to: world)
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
        if request.waitingTask != 0, world.threadStarted, ClockWorld.onCurrentThread == nil {
          world.stepsOnThread = true
          if world.threadIsWaiting { world.wakeThread.signal() }
        } else {
          step(world)
        }
      }
      lock.unlock()
    }
    return early + problems
  }

  // MARK: - Taking jobs

  /// Takes `job` onto its world's executor if it belongs to followed work; `false` leaves it to
  /// the global executor. Called for every global job while a world exists.
  func take(_ job: UnownedJob) -> Bool {
    guard liveWorldCount.load(ordering: .relaxed) > 0 else { return false }
    let jobTask = TaskIdentity.taskID(of: job)
    let here = ClockWorld.onCurrentThread
    // A job of an explored run enqueuing one for its own world (see `ClockWorld.isStaging`):
    // not a task's, or a task the world follows. (`isStaging` is only ever set on the world's
    // own thread, which is the only one where `here` is that world.) Not once the world has
    // retired: its jobs then go to the global executor, and its quarantined tasks' are dropped,
    // as the locked path decides.
    if let here, here.isStaging, !here.isRetired, jobTask == 0 || here.isOwnTask(jobTask) {
      here.staged.append(ReadyJobs.Entry(job: job, task: jobTask))
      return true
    }
    // On a world's thread the running job tells whose work this is; elsewhere the current task.
    let currentTask = here == nil || here === unclaimed ? TaskIdentity.currentTaskID() : 0
    let onMain =
      here == nil && TaskIdentity.currentThreadID() != mainQueueStepThreadID.load(ordering: .relaxed)
      && TaskIdentity.isOnMainQueue
    lock.lock()
    if !quarantinedTasks.isEmpty, jobTask != 0, quarantinedTasks.contains(jobTask) {
      lock.unlock()
      return true
    }
    // One lookup per job: whether its task is followed, and where.
    let followed = jobTask == 0 ? nil : followedTasks[jobTask]
    var explored: ClockWorld?
    if !exploringCreators.isEmpty, currentTask != 0, jobTask != 0, followed == nil,
      let world = exploringCreators.removeValue(forKey: currentTask)
    {
      // The body of an explored run, created by its driver.
      world.exploration?.bodyTask = jobTask
      explored = world
    }
    if let test = mainThreadTest, followed == nil, jobTask != 0, currentTask == 0, here == nil, !test.isRetired,
      memberTasks[jobTask] == nil, Thread.isMainThread
    {
      // A task the running XCTest test creates from the main thread: a member of its world
      // from its first job (it runs where it would have; the tasks it starts are followed).
      addMember(jobTask, to: test)
      lock.unlock()
      return false
    }
    let adopted = jobTask == 0 || adoptedTasks.isEmpty ? nil : adoptedTasks.removeValue(forKey: jobTask)
    guard
      let world = explored ?? adopted
        ?? followed ?? world(forJobOf: jobTask, enqueuedBy: currentTask, here: here, onMain: onMain),
      !world.isRetired
    else {
      lock.unlock()
      return false
    }
    if let exploration = world.exploration {
      exploration.idleSince = nil
      if jobTask != 0, followed !== world { exploration.noteTask(jobTask, startedBy: here === world ? world.runningTask : nil) }
    }
    // Work that leaves the main actor may go back to it: from now on, settles drain it too.
    if onMain { world.usesMainActor = true }
    if jobTask != 0, adopted == nil {
      if followed !== world { followedTasks[jobTask] = world }
      world.noteRunningAgain(jobTask)
    }
    if world === here, world.isStaging {
      // Its own world, from the running job: staged too, so that the world's jobs keep the
      // order they were enqueued in.
      if jobTask != 0, adopted == nil { world.noteOwnTask(jobTask) }
      world.staged.append(ReadyJobs.Entry(job: job, task: jobTask, isAdopted: adopted != nil))
      lock.unlock()
      return true
    }
    world.pendingJobs += 1
    world.ready.append(ReadyJobs.Entry(job: job, task: jobTask, isAdopted: adopted != nil))
    if !world.threadStarted {
      startThread(for: world)
    } else if world.threadIsWaiting {
      world.wakeThread.signal()
    }
    lock.unlock()
    return true
  }

  /// The attribution rule 2 listed on the type (rule 1, a followed task, is the caller's
  /// lookup), and rule 3. Lock held.
  private func world(
    forJobOf jobTask: UInt64,
    enqueuedBy currentTask: UInt64,
    here: ClockWorld?,
    onMain: Bool
  ) -> ClockWorld? {
    let cause = cause(here: here, currentTask: currentTask)
    if let cause, !cause.isRetired {
      return cause.admits(taskID: jobTask) ? cause : nil
    }
    guard onMain else { return nil }
    if jobTask != 0, let world = memberTasks[jobTask] {
      // A test's own task leaving the main actor stays where it was, but its work may wait on
      // the main actor too.
      world.usesMainActor = true
      return nil
    }
    return unclaimed
  }

  /// The world whose work enqueues a job: the world running on this thread, else the current
  /// task's (a member of a world that runs on the unclaimed executor for a job is that world's).
  /// Lock held.
  private func cause(here: ClockWorld?, currentTask: UInt64) -> ClockWorld? {
    if let here, here !== unclaimed { return here }
    if currentTask != 0 {
      let followed = followedTasks[currentTask]
      if let world = (followed === unclaimed ? nil : followed) ?? memberTasks[currentTask] { return world }
    }
    return here
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let unowned = UnownedJob(job)
    if !take(unowned) { globalConcurrentExecutor.enqueue(ExecutorJob(unowned)) }
  }

  // MARK: - A world's executor

  /// Starts the world's executor on a parked thread if one waits, else on a new one. Lock held.
  private func startThread(for world: ClockWorld) {
    world.threadStarted = true
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
  private final class WorldThread: @unchecked Sendable {  // Guarded by the follower's lock.
    var world: ClockWorld?
    /// The world this thread runs once its current one is done.
    var next: ClockWorld?
    let wake = FollowLock.Condition()
    init(world: ClockWorld) { self.world = world }

    /// The world thread running the calling code, if any (also while it runs an adopted job).
    static var current: WorldThread? {
      pthread_getspecific(key).map { Unmanaged<WorldThread>.fromOpaque($0).takeUnretainedValue() }
    }

    func claimCurrentThread() {
      pthread_setspecific(Self.key, Unmanaged.passUnretained(self).toOpaque())
    }

    private static let key: pthread_key_t = {
      var key = pthread_key_t()
      pthread_key_create(&key, nil)
      return key
    }()
  }

  /// How long a thread whose world retired waits for another before it ends.
  private static let threadParkingTime = Duration.seconds(2)

  private func runWorlds(on thread: WorldThread) {
    thread.claimCurrentThread()
    lock.lock()
    while let world = thread.world {
      world.claimCurrentThread()
      runJobs(of: world)
      ClockWorld.releaseCurrentThread()
      if let next = thread.next {
        thread.world = next
        thread.next = nil
        continue
      }
      thread.world = nil
      parkedThreads.append(thread)
      let deadline = ContinuousClock.now.advanced(by: Self.threadParkingTime)
      while thread.world == nil, ContinuousClock.now < deadline { thread.wake.wait(lock, until: deadline) }
      if thread.world == nil { parkedThreads.removeAll { $0 === thread } }
    }
    lock.unlock()
  }

  /// The world's serial executor: runs its jobs one at a time until the world retires. Lock
  /// held on entry and exit.
  private func runJobs(of world: ClockWorld) {
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
        world.wakeThread.wait(lock)
        world.threadIsWaiting = false
      }
    }
  }

  /// The world executors' own executor, as the executor a followed job runs on.
  private static let worldTaskExecutor = FollowedWork.shared.asUnownedTaskExecutor()

  /// Lock held on entry and exit.
  private func run(_ entry: ReadyJobs.Entry, of world: ClockWorld) {
    // Read afresh, not taken from the last job's end: the time between (waiting for the lock
    // that every world shares, stepping the world) is no job's, and patiences can be 100 ms.
    let start = JobTime.now
    world.runningTask = entry.task
    world.runningIsAdopted = entry.isAdopted
    world.runningSince = start
    world.activitySinceMainActorFlush = true
    world.jobsSinceProgress += 1
    if !world.requests.isEmpty { armWatchdog(for: world) }
    lock.unlock()
    // A test task's adopted job runs as the global executor would run it: run on this
    // executor, the runtime would take each of its nonisolated async calls for a change of
    // executor and enqueue it again (an extra job per call). Its hops then leave the hook
    // unseen, so it goes back to the global executor at its next suspension other than a
    // settle, as it would have anyway. Followed jobs run on this executor, so that every job
    // their tasks enqueue passes through the hook.
    if entry.isAdopted {
      // The test's own task, as on any other thread: what it enqueues is attributed by its task
      // (the world it is a member of, perhaps a newer one), not by this thread's world.
      ClockWorld.releaseCurrentThread()
      entry.job.runSynchronously(on: Self.globalTaskExecutor)
      world.claimCurrentThread()
    } else {
      world.isStaging = world.exploration != nil
      entry.job.runSynchronously(on: Self.worldTaskExecutor)
      world.isStaging = false
    }
    let end = JobTime.now
    let ran = end.duration(since: start)
    lock.lock()
    if !world.staged.isEmpty { joinStaged(world) }
    world.runningTask = nil
    world.runningIsAdopted = false
    world.runningSince = nil
    world.pendingJobs -= 1
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
      // Unclaimed work is followed for one job: a task that did not sleep on a test clock in it
      // is not a test's, most likely (a test runner's task leaving the main actor), and goes
      // back to the global executor, so that other tests' work never piles up here.
      if entry.task != 0, followedTasks[entry.task] === unclaimed { followedTasks[entry.task] = nil }
      // The worlds waiting for unclaimed work may have settled now.
      for waiting in worlds where !waiting.requests.isEmpty && waitsForUnclaimedWork(waiting) {
        waiting.needsMainActorFlush = true
        waiting.jobsSinceProgress += 1
        enforceJobBudget(waiting)
        step(waiting)
      }
      return
    }
    enforceJobBudget(world)
    step(world)
  }

  /// Moves the jobs the ended job staged into the world's ready queue. Lock held.
  private func joinStaged(_ world: ClockWorld) {
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
  /// nothing new comes from the main actor anyway). Lock held.
  private func waitsForUnclaimedWork(_ world: ClockWorld) -> Bool {
    world.usesMainActor || !mainQueueIsStalled
  }

  /// Whether none of the world's jobs, and no unclaimed job it waits for, is queued or running.
  /// Lock held.
  private func isSettled(_ world: ClockWorld) -> Bool {
    world.isSettled && (unclaimed.isSettled || !waitsForUnclaimedWork(world))
  }

  /// Ends the world's request if its work ran too long without settling. Lock held.
  private func enforceJobBudget(_ world: ClockWorld) {
    guard world.jobsSinceProgress > Self.jobBudget, !world.requests.isEmpty else { return }
    complete(world, with: .workNeverSettles(jobs: world.jobsSinceProgress))
    world.jobsSinceProgress = 0
  }

  /// What to report about the job running (or that ran) too long on `world`. Lock held.
  private func blockedProblem(
    _ world: ClockWorld,
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

  // MARK: - Settling

  /// Moves the world's first request on if the world has settled: resumes the next due sleeper,
  /// or completes the request. Lock held on entry and exit.
  ///
  /// A world that uses the main actor drains it (see ``flushMainActor(for:)``) at the start and
  /// at the end of every request, and after every step.
  private func step(_ world: ClockWorld) {
    // Another thread is between two steps of this world; it looks again when it is back.
    guard !world.isStepping else { return }
    while isSettled(world), !world.isFlushingMainActor, let request = world.requests.first {
      if !world.usesMainActor, world.needsMainActorFlush {
        // For work not known to use the main actor, draining it is a precaution: skipped while
        // the main thread is blocked, and when the caller knows its work cannot wait there.
        if mainQueueIsStalled {
          if Self.debugsFollowing { print("Harness follower: a settle skipped its main actor drain (main queue counted as stalled)") }
          world.needsMainActorFlush = false
        } else if let isIdle = request.workIsIdle {
          world.isStepping = true
          lock.unlock()
          // Not under the lock: the caller's check takes locks of its own.
          let idle = isIdle()
          lock.lock()
          world.isStepping = false
          if idle { world.needsMainActorFlush = false }
          guard isSettled(world), !world.isFlushingMainActor, world.requests.first === request else { continue }
        }
      }
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
      world.isStepping = true
      lock.unlock()
      // The woken task's jobs reach the world only through the hook: another library may have
      // taken the slot since the settle began.
      reclaimHook()
      let resumed = request.resumeNext { task in
        // Before the wake: the woken task may run, and the world be stepped from another
        // thread, before this one gets the lock back.
        lock.lock()
        world.wokenTask = task
        world.sleepingTasks.remove(task)
        request.resumptions += 1
        world.activitySinceMainActorFlush = true
        world.jobsSinceProgress = 0
        lock.unlock()
      }
      lock.lock()
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

  /// Ends the world's first request and resumes its caller. Lock held on entry and exit.
  private func complete(_ world: ClockWorld, with problem: SettleProblem?) {
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
    if request.waitingTask != 0, continuation != nil, ClockWorld.onCurrentThread === world,
      world.runningTask != request.waitingTask, !world.isRetired, world.exploration == nil
    {
      adoptedTasks[request.waitingTask] = world
    }
    let problems = request.problems
    let wasStepping = world.isStepping
    world.isStepping = true
    lock.unlock()
    if problem == nil { request.finish() }
    continuation?.resume(returning: problems)
    lock.lock()
    world.isStepping = wasStepping
  }

  /// Lets the main actor run what it has queued, then steps the world again. Lock held.
  private func flushMainActor(for world: ClockWorld) {
    world.isFlushingMainActor = true
    world.needsMainActorFlush = false
    world.activitySinceMainActorFlush = false
    let start = ContinuousClock.now
    world.mainActorFlushStart = start
    world.mainActorFlushCount += 1
    let flush = world.mainActorFlushCount
    armWatchdog(until: start.advanced(by: flushPatience(world)))
    lock.unlock()
    // The main queue is first in, first out: when this runs, every main actor job queued before
    // it has run.
    DispatchQueue.main.async {
      FollowedWork.shared.mainActorFlushed(world, flush: flush)
    }
    lock.lock()
  }

  /// Runs on the main queue: the flush is over, so the world moves on from here.
  private func mainActorFlushed(_ world: ClockWorld, flush: Int) {
    // What this step enqueues is the follower's doing, not main actor work.
    mainQueueStepThreadID.store(TaskIdentity.currentThreadID(), ordering: .relaxed)
    defer { mainQueueStepThreadID.store(0, ordering: .relaxed) }
    MainQueueDrainer.noteCurrentThread()
    lock.lock()
    mainQueueIsStalled = false
    // A drain the watchdog gave up on may still run, during a later one.
    if world.isFlushingMainActor, world.mainActorFlushCount == flush {
      world.isFlushingMainActor = false
      step(world)
    }
    lock.unlock()
  }

  // MARK: - The watchdog

  /// How long a drain of the main actor may take for `world`: its patience if its work uses
  /// the main actor, else only until the main thread counts as blocked. Lock held.
  private func flushPatience(_ world: ClockWorld) -> Duration {
    world.usesMainActor ? world.mainActorPatience : Self.mainQueueStallThreshold
  }

  /// Makes sure the watchdog looks at `world`'s running job when its patience runs out. Lock held.
  private func armWatchdog(for world: ClockWorld) {
    guard let since = world.runningSince, !world.runningJobIsReportedBlocked else { return }
    armWatchdog(until: since.deadline(after: world.jobPatience))
  }

  /// Makes sure the watchdog wakes by `deadline`. Lock held.
  private func armWatchdog(until deadline: ContinuousClock.Instant) {
    if !watchdogStarted {
      watchdogStarted = true
      let thread = Thread { FollowedWork.shared.watch() }
      thread.name = "Harness.TestClock.watchdog"
      thread.start()
    } else if watchdogIsWaiting {
      if watchdogWaitsUntil.map({ deadline < $0 }) ?? true { wakeWatchdog.signal() }
    } else {
      watchdogArmedWhileLooking = min(watchdogArmedWhileLooking ?? deadline, deadline)
    }
  }

  /// The watchdog's thread: gives up on main actor drains and on jobs that take longer than
  /// their world's patience, so that no advance waits for them forever.
  private func watch() {
    lock.lock()
    while true {
      let now = ContinuousClock.now
      var earliest: ContinuousClock.Instant?
      func wake(by deadline: ContinuousClock.Instant) { earliest = min(earliest ?? deadline, deadline) }
      let lookAgain = now.advanced(by: Self.stepCheckInterval)
      watchdogArmedWhileLooking = nil
      for world in worlds where !world.requests.isEmpty {
        // A settled world whose advance still waits missed a step: take it now rather than
        // leave the test hanging (and say so when asked to, to find the cause).
        guard isSettled(world), !world.isFlushingMainActor, !world.isStepping, world.runningSince == nil else {
          wake(by: lookAgain)
          continue
        }
        let waiting = world.requests.count
        if world.sawSettledWhileWaiting {
          step(world)
          if Self.debugsFollowing, world.requests.count < waiting {
            print("Harness follower: a settled world's advance was stepped by the watchdog")
          }
        }
        world.sawSettledWhileWaiting = !world.requests.isEmpty
        if !world.requests.isEmpty {
          wake(by: lookAgain)
        }
      }
      for world in worlds {
        if world.isFlushingMainActor, let start = world.mainActorFlushStart {
          var deadline = start.advanced(by: flushPatience(world))
          if deadline <= now, !world.usesMainActor, MainQueueDrainer.mayBeSlowRatherThanBlocked {
            deadline = start.advanced(by: Self.busyMainQueueStallThreshold)
          }
          if deadline <= now {
            if Self.debugsFollowing {
              print("Harness follower: a main actor drain gave up after \(now - start) (world uses the main actor: \(world.usesMainActor))")
            }
            world.isFlushingMainActor = false
            mainQueueIsStalled = true
            if world.usesMainActor {
              world.usesMainActor = false
              world.requests.first?.problems.append(.mainActorUnresponsive(patience: world.mainActorPatience))
            }
            step(world)
          } else {
            wake(by: deadline)
          }
        }
        if let exploration = world.exploration, exploration.continuation != nil, exploration.bodyResult == nil,
          !exploration.hasStalled
        {
          if world.pendingJobs == 0, let since = exploration.idleSince {
            let deadline = since.deadline(after: exploration.stallPatience)
            if deadline > now {
              wake(by: deadline)
            } else if let check = exploration.outsideWorkCheck, check.idleSince == since.nanoseconds {
              // Idle past the patience: a stall once the machine's other work has moved on.
              let confirmed = check.confirmation(patience: exploration.stallPatience)
              if confirmed <= now {
                deliver(world, ending: .stalled)
              } else {
                wake(by: confirmed)
              }
            } else {
              exploration.startOutsideWorkCheck(idleSince: since)
              wake(by: lookAgain)
              lock.unlock()
              sendOutsideWorkProbes(world, idleSince: since.nanoseconds)
              lock.lock()
            }
          } else {
            wake(by: lookAgain)
          }
        }
        if let since = world.runningSince, !world.runningJobIsReportedBlocked, !world.requests.isEmpty {
          let deadline = since.deadline(after: world.jobPatience)
          if deadline <= now {
            world.runningJobIsReportedBlocked = true
            let problem = blockedProblem(world)
            // Only the requests waiting now: one made while this thread completes them (the
            // lock is released meanwhile) is not this report's, and is stepped afterwards.
            for _ in world.requests.indices { complete(world, with: problem) }
            step(world)
          } else {
            wake(by: deadline)
          }
        }
      }
      if let armed = watchdogArmedWhileLooking { wake(by: armed) }
      watchdogIsWaiting = true
      watchdogWaitsUntil = earliest
      if let earliest { wakeWatchdog.wait(lock, until: earliest) } else { wakeWatchdog.wait(lock) }
      watchdogIsWaiting = false
      watchdogWaitsUntil = nil
    }
  }
}


// MARK: - Exploring interleavings

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
    let world = ClockWorld(firstTask: driver, testID: testID, usesMainActor: false)
    world.exploration = exploration
    lock.lock()
    worlds.append(world)
    liveWorldCount.add(1, ordering: .relaxed)
    // Held until the run ends: clocks and stores of the body leaving do not retire it.
    world.memberCount += 1
    exploringCreators[driver] = world
    lock.unlock()
    var outcome = await withCheckedContinuation { continuation in
      lock.lock()
      exploration.continuation = continuation
      // With the continuation: the watchdog looks for stalls only in runs that have one.
      armWatchdog(until: ContinuousClock.now.advanced(by: Self.stepCheckInterval))
      lock.unlock()
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
        lock.lock()
        exploration.continuation = continuation
        exploration.hasStalled = false
        exploration.jobsRun = 0
        exploration.idleSince = .now
        armWatchdog(until: ContinuousClock.now.advanced(by: Self.stepCheckInterval))
        if exploration.bodyResult != nil, world.pendingJobs == 0 { deliver(world) }
        lock.unlock()
      }
      if outcome.wasAbandoned { onStall(outcome, true) }
    }
    lock.lock()
    if exploringCreators[driver] === world { exploringCreators[driver] = nil }
    if outcome.wasAbandoned {
      // Abandoned: none of its tasks runs again (they may hold what the caller frees next).
      quarantinedTasks.formUnion(exploration.knownTasks)
    }
    world.memberCount -= 1
    retire(world)
    lock.unlock()
    return outcome
  }

  /// Sends the probes of an explored run's outside-work check: a job to the global executor and
  /// one to the main queue, each first in, first out, so that when both have run, work queued
  /// there before them (which the run may wait for) has had its turn. Lock not held (creating a
  /// task enqueues a job, which takes it).
  private func sendOutsideWorkProbes(_ world: ClockWorld, idleSince: UInt64) {
    Task.detached {
      FollowedWork.shared.outsideWorkProbeRan(world, idleSince: idleSince)
    }
    DispatchQueue.main.async {
      FollowedWork.shared.outsideWorkProbeRan(world, idleSince: idleSince)
    }
  }

  private func outsideWorkProbeRan(_ world: ClockWorld, idleSince: UInt64) {
    lock.lock()
    if let exploration = world.exploration, exploration.noteProbeRan(idleSince: idleSince) {
      armWatchdog(until: ContinuousClock.now.advanced(by: Exploration.outsideWorkGrace(patience: exploration.stallPatience)))
    }
    lock.unlock()
  }

  private func noteBodyFinished(_ world: ClockWorld, _ result: Result<Void, any Error>) {
    lock.lock()
    world.exploration?.bodyResult = result
    // Called from the body's last job, which is still pending: its end delivers, unless the
    // body ended off the world's executor.
    if world.pendingJobs == 0 { deliver(world) }
    lock.unlock()
  }

  /// How an explored run ends before its body returned.
  enum ExploredRunEnding {
    /// No job ready for the patience.
    case stalled
    /// More jobs than the step bound.
    case exceededJobs
  }

  /// Resumes the run's driver: the body has finished and the world settled, or the run stalled
  /// or ran past its step bound (`ending`). Lock held on entry and exit.
  private func deliver(_ world: ClockWorld, ending: ExploredRunEnding? = nil) {
    guard let exploration = world.exploration, let continuation = exploration.continuation else { return }
    exploration.continuation = nil
    // The driver resumes on this thread, which is awake (see `adoptedTasks`), and starts its
    // next iteration's world here too (see `startThread`): an iteration costs no thread hand-off.
    if exploration.driverTask != 0, ClockWorld.onCurrentThread === world, !world.isRetired {
      adoptedTasks[exploration.driverTask] = world
    }
    let outcome: ExploredRunOutcome
    if let ending {
      exploration.hasStalled = true
      // Its order no longer matters (nor may the chooser's record change while it is read).
      exploration.chooser = nil
      let report = exploration.stallReport(sleepSites: world.sleepSites, sleeping: world.sleepingTasks)
      switch ending {
      case .stalled: outcome = .stalled(report: report)
      case .exceededJobs: outcome = .exceededJobs(exploration.maxJobs, report: report)
      }
    } else if case .failure(let error) = exploration.bodyResult {
      outcome = .finished(error: error)
    } else {
      outcome = .finished(error: nil)
    }
    lock.unlock()
    continuation.resume(returning: outcome)
    lock.lock()
  }
}
