import HarnessIssues
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The work of one test as its test clocks see it: its own serial executor (a queue of jobs and
/// the thread that runs them), which jobs are in flight, and which advances wait for them to
/// settle.
///
/// Every clock a test uses joins the test's world, so two clocks of one feature see the same
/// tasks. Worlds of different tests run their jobs on different threads, in parallel. Its
/// membership (baseline, member count, retirement) is guarded by ``FollowedWork/registry``;
/// everything else by its own ``lock``, so that worlds never wait for each other.
package final class World: @unchecked Sendable {
  /// Guards the world's queue, running job and settle state (see ``FollowedWork`` for the
  /// order locks are taken in).
  let lock = FollowLock()

  // The busiest properties skip the runtime's exclusivity checks: every access holds a lock,
  // and the checks cost a tenth of an explored job.

  // MARK: Membership (guarded by the registry)

  /// Tasks with a larger id were created after the world's first member, so they may join it;
  /// older tasks (the test runner's, another test's) never do, even when the world's work
  /// resumes them. Lowered when an older task of the same test joins. Written under the
  /// registry; atomic so that the hook can ask ``admits(taskID:)`` without it.
  private let baselineTaskID: Atomic<UInt64>
  /// The test the world was created for, when a test framework says so.
  package let testID: String?

  /// Clocks and `TestWork`s bound to the world; the last one to leave retires it.
  var memberCount = 0
  /// The tasks the follower's growing routing tables (followed, members) were told belong to
  /// this world, so that its retirement visits its own entries only: a world that followed
  /// 100,000 tasks made every other world's retirement scan them (see ``TaskTable``). May name
  /// tasks that have moved on to another world since; the table decides. Not kept for a world
  /// that never retires (the unclaimed one).
  @exclusivity(unchecked) var routedTaskIDs: [UInt64] = []
  /// Whether ``routedTaskIDs`` is kept.
  let keepsRoutedTaskIDs: Bool
  /// Set under the registry; atomic so that a binding (and the world's own thread) can check it
  /// without it.
  private let retired = Atomic<Bool>(false)
  package var isRetired: Bool {
    get { retired.load(ordering: .acquiring) }
    set { retired.store(newValue, ordering: .releasing) }
  }

  /// Set when an unclaimed job ended while the world's lock was busy: the watchdog steps the
  /// world in its stead (see ``FollowedWork/unclaimedWorkEnded(for:)``).
  let unclaimedWorkEnded = Atomic<Bool>(false)

  // MARK: Guarded by the world's lock

  /// Tasks that joined as members (created, advanced or settled a clock): the test's own tasks.
  var memberTasks: Set<UInt64> = []

  // MARK: The executor

  /// Jobs waiting to run, in the order the scheduling policy will pick them.
  @exclusivity(unchecked) var ready = ReadyJobs()
  /// Jobs queued for, or running on, the world's thread.
  @exclusivity(unchecked) var pendingJobs = 0
  let wakeThread = FollowLock.Condition()
  @exclusivity(unchecked) var threadStarted = false
  @exclusivity(unchecked) var threadIsWaiting = false
  /// Whether the world's thread should step the world when it next looks (see
  /// ``FollowedWork/settle(_:_:)``).
  @exclusivity(unchecked) var stepsOnThread = false
  /// The job running now: its task, and when it started.
  @exclusivity(unchecked) var runningTask: UInt64?
  /// Whether the running job is an adopted one: the test's own task, resumed here by a settle.
  @exclusivity(unchecked) var runningIsAdopted = false
  @exclusivity(unchecked) var runningSince: JobTime?
  /// Whether the running job has been reported as blocking; its world's settles give up at once
  /// until it ends.
  @exclusivity(unchecked) var runningJobIsReportedBlocked = false
  /// How long one job may run before it is reported as blocking the world's executor.
  @exclusivity(unchecked) var jobPatience = FollowedWork.defaultJobPatience
  /// Problems found while no advance was waiting, reported by the next one (or when the last
  /// member leaves).
  var unreportedProblems: [SettleProblem] = []
  /// Where each task last slept on a clock of the world, to name it in messages.
  var sleepSites: [UInt64: SourceCodeLocation] = [:]
  /// Tasks suspended in a sleep on a clock of the world right now.
  @exclusivity(unchecked) var sleepingTasks = TaskIDSet()

  // MARK: The main actor

  /// Whether the world's work runs on the main actor too, which the follower cannot see into:
  /// then every settle also lets the main actor drain what it has queued. Never set for work
  /// that was not seen on the main actor, so a blocked main thread stalls no other settle.
  @exclusivity(unchecked) var usesMainActor: Bool
  @exclusivity(unchecked) var isFlushingMainActor = false
  var mainActorFlushStart: ContinuousClock.Instant?
  /// Counts drains, so that a drain the watchdog gave up on cannot end a later one.
  var mainActorFlushCount = 0
  /// How long a main actor drain may take before the follower stops waiting for it.
  var mainActorPatience = FollowedWork.defaultMainActorPatience
  /// Whether the next step must drain the main actor first (set by each new settle of a world
  /// that uses it).
  @exclusivity(unchecked) var needsMainActorFlush = false
  /// Whether anything ran since the main actor was last drained.
  @exclusivity(unchecked) var activitySinceMainActorFlush = true
  /// How many jobs leaving the main actor had been handed on to another library's hook when
  /// the main actor was last drained (see ``FollowedWork/mainActorWorkPassedOn``).
  @exclusivity(unchecked) var mainActorWorkPassedOnAtFlush = 0
  /// The task of the sleeper resumed last, until it sleeps again on a clock of the world; 0 when
  /// the sleeper's task is unknown. A woken task that did not sleep again may be waiting on the
  /// main actor.
  @exclusivity(unchecked) var wokenTask: UInt64?

  // MARK: Settling

  /// Whether a thread is stepping the world with the lock released (waking a sleeper, or
  /// completing a request): steps never overlap.
  @exclusivity(unchecked) var isStepping = false
  /// Jobs run since a sleeper was last resumed: the hang guard for work that never suspends.
  @exclusivity(unchecked) var jobsSinceProgress = 0
  /// Advances waiting for their turn, first one in progress.
  @exclusivity(unchecked) var requests: [SettleRequest] = []
  /// Whether the watchdog found the world settled with an advance waiting at its last look:
  /// twice in a row means a step was missed.
  var sawSettledWhileWaiting = false

  // MARK: Exploring interleavings

  /// Set when the world runs one explored body: then its ``ready`` jobs run in the order the
  /// exploration's chooser picks, and the test's task is never adopted (every job of the run
  /// goes through the choice).
  @exclusivity(unchecked) var exploration: Exploration?

  // MARK: Enqueues from the world's own thread

  // While a job of an explored run runs, the jobs it enqueues for its own world are *staged* on
  // the world's thread, with no lock taken, and join `ready` when the job ends (under the lock
  // the end takes anyway): the lock and the routing tables cost an explored job a fifth of its
  // time. The fields below are touched only by the thread running the world's jobs.

  /// Whether the thread is running a job of the explored run (not an adopted one).
  @exclusivity(unchecked) var isStaging = false
  /// The jobs the running job enqueued for this world, in order.
  @exclusivity(unchecked) var staged = ReadyJobs()
  /// Tasks known to be followed by this world, direct-mapped by id (ids are consecutive): a
  /// job of one of them is staged without a look at the routing tables.
  @exclusivity(unchecked) private var ownTasks: UnsafeMutablePointer<UInt64>?
  /// The ``followGeneration`` that `ownTasks` was filled under.
  @exclusivity(unchecked) private var ownTasksGeneration: UInt64 = 0
  /// Bumped, under the registry, when a task this world followed moves to another world (a sleep on
  /// another world's clock): the thread's `ownTasks` are then stale.
  let followGeneration = Atomic<UInt64>(0)
  private static let ownTaskSlots = 64

  /// Whether `task` is known to be followed by this world. World's thread only.
  func isOwnTask(_ task: UInt64) -> Bool {
    guard let ownTasks, ownTasksGeneration == followGeneration.load(ordering: .acquiring) else { return false }
    return ownTasks[Int(task % UInt64(Self.ownTaskSlots))] == task
  }

  /// Notes that `task` is followed by this world. World's thread only; the registry held (so
  /// that no move is under way), or `generation` read before the look that found the task here
  /// (a move since then changes the generation, and so empties the cache before its next use).
  func noteOwnTask(_ task: UInt64, seenAt generation: UInt64? = nil) {
    let generation = generation ?? followGeneration.load(ordering: .acquiring)
    let slots: UnsafeMutablePointer<UInt64>
    if let ownTasks {
      slots = ownTasks
      if ownTasksGeneration != generation { slots.update(repeating: 0, count: Self.ownTaskSlots) }
    } else {
      slots = .allocate(capacity: Self.ownTaskSlots)
      slots.initialize(repeating: 0, count: Self.ownTaskSlots)
      ownTasks = slots
    }
    ownTasksGeneration = generation
    slots[Int(task % UInt64(Self.ownTaskSlots))] = task
  }

  /// Notes that a job of `task` was queued: the task runs again, so it is no longer parked in a
  /// sleep (woken, or cancelled). Lock held.
  func noteRunningAgain(_ task: UInt64) {
    if task != 0, !sleepingTasks.isEmpty { sleepingTasks.remove(task) }
  }

  init(firstTask: UInt64, testID: String?, usesMainActor: Bool, retires: Bool = true) {
    self.baselineTaskID = Atomic(firstTask)
    self.testID = testID
    self.usesMainActor = usesMainActor
    self.keepsRoutedTaskIDs = retires
  }

  deinit {
    ownTasks?.deallocate()
  }

  /// Runs `body` holding the world's lock, for tests of the engine: they show that one world's
  /// lock holds up no other world.
  package func withLockHeld<T>(_ body: () throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }

  /// Whether a job of task `taskID` (0: not a task) caused by this world's work may join it.
  func admits(taskID: UInt64) -> Bool {
    taskID == 0 || taskID > baseline
  }

  /// The id of the world's oldest member (0 before it has one): see ``admits(taskID:)``.
  var baseline: UInt64 { baselineTaskID.load(ordering: .relaxed) }

  /// Notes that `task` is one of the test's own tasks. Registry held, not the world's lock.
  func addMember(task: UInt64) {
    guard task != 0 else { return }
    lock.lock()
    memberTasks.insert(task)
    lock.unlock()
    let baseline = baselineTaskID.load(ordering: .relaxed)
    if baseline == 0 || task < baseline { baselineTaskID.store(task, ordering: .relaxed) }
  }

  /// Whether the world has no job queued or running.
  var isSettled: Bool { pendingJobs == 0 }

  // MARK: The thread a world's jobs run on

  /// The world whose job runs on the calling thread, if any.
  package static var onCurrentThread: World? {
    pthread_getspecific(threadKey).map { Unmanaged<World>.fromOpaque($0).takeUnretainedValue() }
  }

  /// Marks the calling thread as the world's (for the thread's whole life, but for the jobs it
  /// adopts).
  func claimCurrentThread() {
    pthread_setspecific(Self.threadKey, Unmanaged.passUnretained(self).toOpaque())
  }

  /// Marks the calling thread as no world's, while it runs an adopted job.
  static func releaseCurrentThread() {
    pthread_setspecific(threadKey, nil)
  }

  private static let threadKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()
}
