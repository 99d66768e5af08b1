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
///    for good once its task sleeps on a test clock. (While another library's hook is chained,
///    it goes on to that hook instead, which sends it back to the main actor: see
///    ``route(_:passingOnMainActorWork:)``.)
///
/// Each world runs its jobs one at a time on a thread of its own (see ``World``), so tests
/// never wait for each other's work. A world has settled when none of its jobs is queued or
/// running and, if its work uses the main actor, the main actor has run everything it had
/// queued since: every task of the world is then suspended. No lock is held while a job runs;
/// a job that runs longer than the world's patience is reported by the watchdog.
///
/// Locks, always taken in this order (a thread holding one never waits for an earlier one):
/// 1. ``registry``: which worlds live and the routing tables (task → world), membership;
/// 2. each world's own ``World/lock``: its queue, its running job, its settle state;
/// 3. ``threads`` (the parked world threads) and ``watchdogLock``, which guard only themselves.
/// So a job of one world never waits for another world's queue or settle, and a job of a task
/// in no world takes no lock at all (see ``isNoWorldsJob(of:enqueuedBy:)``).
package final class FollowedWork: TaskExecutor, @unchecked Sendable {
  package static let shared = FollowedWork()

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
  static let globalTaskExecutor = globalConcurrentExecutor.asUnownedTaskExecutor()

  /// Guards the worlds list, the routing tables and membership (see the lock order above).
  let registry = FollowLock()
  /// Guards ``parkedThreads`` and each ``WorldThread``'s fields.
  let threads = FollowLock()
  /// Lets the hook skip all work while no world exists.
  let liveWorldCount = Atomic<Int>(0)
  /// No world's baseline (``World/baseline``) has ever been above this: a task with a larger id
  /// is one every world admits. Raised under the registry; the hook reads it with no lock, and a
  /// stale read only sends a job to the locked path.
  let highestBaseline = Atomic<UInt64>(0)

  // Guarded by `registry`.
  var worlds: [World] = []
  @exclusivity(unchecked) var followedTasks: TaskTable
  /// The followed and member tables' entries for the hook's look with no registry lock (see
  /// ``route(_:passingOnMainActorWork:)``).
  package let routingIndex = RoutingIndex()
  /// Counts the tasks of every routing table, for the hook's lock-free look (see ``TaskTable``).
  package let routedTasks = TaskTable.Presence()
  /// Work that left the main actor before any world claimed it: it runs on an executor of its
  /// own, for one job, unless its task sleeps on a test clock in it (then it joins that clock's
  /// world). Never retired.
  let unclaimed = World(firstTask: 0, testID: nil, usesMainActor: true, retires: false)
  /// The unclaimed world's queued and running jobs, readable under any world's lock (a settle
  /// may wait for unclaimed work; see ``isSettled(_:)``). Changed under the unclaimed world's lock.
  let unclaimedPendingJobs = Atomic<Int>(0)
  /// Jobs leaving the main actor that no world claims, handed on to another library's chained
  /// hook instead of the unclaimed executor (see ``route(_:passingOnMainActorWork:)``): counted
  /// when the decision is made and again once that hook has queued the job, so that a world
  /// drains the main actor until no such job is on its way there (see
  /// ``mainActorWorkPassedOnSinceFlush(_:)``).
  let mainActorWorkPassingOn = Atomic<Int>(0)
  let mainActorWorkPassedOn = Atomic<Int>(0)
  /// Whether a main actor drain has been waiting longer than ``mainQueueStallThreshold``: the
  /// main thread is blocked, so worlds that do not use the main actor stop draining it.
  let mainQueueStall = Atomic<Bool>(false)
  var mainQueueIsStalled: Bool { mainQueueStall.load(ordering: .relaxed) }
  @exclusivity(unchecked) var memberTasks: TaskTable
  /// The world of the XCTest test running now, which owns the tasks created from the main
  /// thread outside any task (see ``beginMainThreadTest(_:bindings:)``).
  @exclusivity(unchecked) var mainThreadTest: World? {
    didSet { hasMainThreadTest.store(mainThreadTest != nil, ordering: .relaxed) }
  }
  /// Whether ``mainThreadTest`` is set, for the hook's lock-free look.
  let hasMainThreadTest = Atomic<Bool>(false)
  /// Test tasks whose settle ended with their world settled: the job that resumes each runs
  /// next on that world's thread (awake already when it ended the settle, else woken), rather
  /// than on a thread of the global executor (a `TestStore` round trip then costs no thread
  /// hand-off, and waits for no other test's work queued there). For that one job only.
  @exclusivity(unchecked) var adoptedTasks: TaskTable
  /// The tasks ``adoptedTasks`` holds, for the hook's look with no lock: a job of a task in it
  /// goes where the entry says, so the lock-free paths are not taken for it. (An entry is made on
  /// the thread that then resumes its task, so that resumption's job sees it. An entry whose job
  /// never came through the hook, a task resumed on a custom actor's executor, stays until its
  /// world retires: a count of entries would keep every task off the lock-free paths meanwhile.)
  let adoptedPresence = TaskTable.Presence()
  /// Tasks running ``runExplored(chooser:stallPatience:testID:onStall:_:)``: the next task each
  /// creates is the body of the world it explores.
  @exclusivity(unchecked) var exploringCreators: TaskTable
  /// Threads whose world retired, waiting for a new one (see ``runWorlds(on:)``). Guarded by
  /// ``threads``.
  var parkedThreads: [WorldThread] = []
  /// Tasks of abandoned explored runs: their jobs are dropped, so they never run again.
  let quarantinedTasks = Locked<Set<UInt64>>([])
  /// Whether any task was quarantined: only then does the hook look in ``quarantinedTasks``.
  let quarantineIsActive = Atomic<Bool>(false)
  /// The thread stepping a world from the main queue after a flush, while it does.
  let mainQueueStepThreadID = Atomic<UInt>(0)

  // The watchdog. Guarded by `watchdogLock`, which is never held while it looks at worlds.
  let watchdogLock = FollowLock()
  let wakeWatchdog = FollowLock.Condition()
  var watchdogStarted = false
  var watchdogIsWaiting = false
  var watchdogWaitsUntil: ContinuousClock.Instant?
  /// The earliest deadline asked for while the watchdog was looking at the worlds (it holds no
  /// lock of its own then): its look may have passed the world already.
  var watchdogArmedWhileLooking: ContinuousClock.Instant?

  private init() {
    followedTasks = TaskTable(presence: routedTasks, indexesWorlds: true, index: routingIndex)
    memberTasks = TaskTable(presence: routedTasks, indexesWorlds: true, memberIndex: routingIndex)
    adoptedTasks = TaskTable(presence: routedTasks, ownPresence: adoptedPresence)
    exploringCreators = TaskTable(presence: routedTasks)
  }

  /// Runs `body` holding the registry lock, for tests of the engine: they show which jobs are
  /// routed without it.
  package func withRegistryHeld<T>(_ body: () throws -> T) rethrows -> T {
    registry.lock()
    defer { registry.unlock() }
    return try body()
  }

  /// Set when the runtime hook had to be reclaimed for the first time in the process: the next
  /// settle reports it, as a warning, at its caller's line.
  let hookWarningIsDue = Atomic<Bool>(false)

  /// Installs the runtime hook, or puts it back if another library took the slot (see
  /// ``GlobalEnqueueHook/reclaim()``). Called whenever a world begins, joins or settles.
  func reclaimHook() {
    guard GlobalEnqueueHook.isInstalled else { return }
    guard case .tookBack(let first) = GlobalEnqueueHook.takeBack() else { return }
    if first { hookWarningIsDue.store(true, ordering: .relaxed) }
    // While the other hook had the slot, the jobs it got went to the main actor (if it is
    // swift-concurrency-extras'), the test's among them: every world drains the main actor
    // again before it counts as settled, as for a job handed on to that hook.
    mainActorWorkPassingOn.add(1, ordering: .relaxed)
    mainActorWorkPassedOn.add(1, ordering: .releasing)
  }
}
