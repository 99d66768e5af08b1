@_spi(ExperimentalScheduling) import _Concurrency
import Dispatch
import Foundation
import HarnessIssues
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The work of one test: an executor that runs the jobs of the test's tasks one at a time, on a
/// thread of its own (and its main-actor jobs on the main queue), and knows each of those tasks
/// from its creation to its end.
///
/// A task belongs to the world of the code that created it, decided as its first job is enqueued
/// (see ``Engine/route(_:)``): the test's body runs with the world as its task executor preference
/// and its ``WorldToken`` bound, so its structured children, its `Task {}`s and `Task.detached`s,
/// and everything those create are the world's. Its jobs never mix with another test's, so tests
/// run in parallel, and a settle knows exactly when every task of the test is suspended.
///
/// Locks: the engine's registry, then a world's ``lock``, then the threads' and the watchdog's
/// (see ``Engine``). No lock is held while a job runs.
package final class World: TaskExecutor, @unchecked Sendable {
  package let engine: Engine
  /// Guards everything below that is not atomic or constant.
  let lock = FollowLock()
  /// The test the world's work belongs to.
  package let test: TestContext?
  package var testID: String? { test?.id }
  /// Runs the world's main-actor jobs (see ``WorldMainExecutor``).
  package let mainExecutor: WorldMainExecutor

  // MARK: Guarded by `lock`

  var phase = Phase.open
  var activity = Activity.idle
  /// Jobs waiting to run, in the order the scheduling policy picks them.
  @exclusivity(unchecked) var ready = ReadyJobs()
  /// The world's live tasks.
  var members = MemberTable()
  /// The test's own task, the world's first member, when the world began in it.
  var rootTask: UInt64 = 0
  /// Settles and advances waiting for the work to settle, first one in progress.
  var requests: [SettleRequest] = []
  /// Whether a thread is stepping the world with the lock released (waking a sleeper,
  /// completing a request): steps never overlap.
  var isStepping = false
  /// Jobs run since a sleeper was last resumed by a waiting request: the guard against work
  /// that never suspends.
  var jobsSinceProgress = 0
  /// Since when the world has had nothing to run (for the deadlock and stall patiences).
  var idleSince: JobTime? = .now
  /// The check that the world is quiet, not only waiting on outside work that is late (see
  /// ``QuietCheck``).
  var quietCheck: QuietCheck?
  var patience = Patience.default
  /// Problems found while no settle waited, reported by the next one (or when the world ends).
  var unreportedProblems: [SettleProblem] = []
  /// Whether the running job was reported as blocking the world already.
  var runningJobIsReportedBlocked = false
  /// Set when the world runs one explored body (see ``Exploration``).
  @exclusivity(unchecked) var exploration: Exploration?
  /// Whether a deadlock was reported (the process is ending).
  var deadlockReported = false
  /// Real sleeps of the world's tasks not yet due.
  var realSleepsPending = 0

  // The world's thread.
  var threadStarted = false
  var threadIsWaiting = false
  let wakeThread = FollowLock.Condition()
  /// Signalled when the world becomes idle (see ``waitForIdle(upTo:)``).
  let becameIdle = FollowLock.Condition()

  // MARK: Guarded by the engine's registry

  /// Harness objects (clocks, `TestWork`) bound to the world; a world that no test scope owns
  /// ends when the last one goes.
  var bindings = 0
  /// Whether a test scope (a trait, an XCTest test) owns the world and ends it.
  var isScoped = false
  /// Where the world's scope began (a trait, the first clock of a test), for reports that have
  /// no line of their own.
  var scopeLocation: SourceCodeLocation?

  /// Whether every unstructured task that copied the world's token has completed (see
  /// ``WorldToken``).
  private let tokenGone = Atomic<Bool>(false)

  init(engine: Engine, test: TestContext?) {
    self.engine = engine
    self.test = test
    mainExecutor = WorldMainExecutor()
    mainExecutor.world = self
  }

  /// Whether the world's test still runs. Read with no lock: a stale answer only sends a job
  /// through a path that takes the lock and looks again.
  package var isOpen: Bool {
    lock.lock()
    defer { lock.unlock() }
    return phase == .open
  }

  func tokenReleased() { tokenGone.store(true, ordering: .relaxed) }

  /// Runs `body` holding the world's lock, for tests of the engine.
  package func withLockHeld<T>(_ body: () throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }

  // MARK: Jobs in

  /// A job for the world's executor: of a task that prefers it (the test's body and its
  /// structured children), an actor's processing job they start, a `Task.yield()` of a job
  /// running here, or the wake-up of a real sleep.
  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let task = TaskIdentity.taskID(of: job)
    lock.lock()
    guard phase == .open else {
      let abandoned = phase == .abandoned
      lock.unlock()
      if !abandoned { ProcessRouter.passOn(job) }
      return
    }
    if task == 0 || members.contains(task) {
      queue(ReadyJobs.Entry(job: job, task: task), from: origin(of: task))
      lock.unlock()
      return
    }
    lock.unlock()
    // A task the world has not seen: another world's (running here inside an actor's job), a
    // new one of this world's (a structured child: it prefers this executor), or a task of no
    // world that ran a job here (a guest), which goes on where it would have.
    if let other = Engine.world(ofTask: task), other !== self {
      if !other.accept(job, task: task) { ProcessRouter.passOn(job) }
      return
    }
    let isNew = TaskLayout.hasNeverRun(job) ?? true
    if !isNew || !adopt(job, task: task, creator: Engine.currentCreator(), isNew: true) {
      ProcessRouter.passOn(job)
    }
  }

  /// Takes a job of one of its tasks that reached the engine elsewhere (the process's default
  /// executor). Returns `false` if the world has ended: the job runs where it would have.
  func accept(_ job: UnownedJob, task: UInt64) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    switch phase {
    case .open:
      queue(ReadyJobs.Entry(job: job, task: task), from: origin(of: task))
      return true
    case .ended:
      return false
    case .abandoned:
      return true
    }
  }

  /// Queues the job of a guest (a task of no world the world invited: see ``Engine/invite(_:to:)``),
  /// to run once on the world's thread as the process's default executor would run it.
  func acceptGuest(_ job: UnownedJob, task: UInt64) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    guard phase != .abandoned, !runningJobIsReportedBlocked else { return false }
    ready.append(ReadyJobs.Entry(job: job, task: task, isGuest: true))
    if !threadStarted {
      engine.threads.start(self)
    } else if threadIsWaiting {
      wakeThread.signal()
    }
    return true
  }

  /// Makes `task` one of the world's and queues its job. `isNew`: the job is the task's first (its
  /// creation, whose caller's stack names where it was created). Returns `false` if the world
  /// has ended.
  func adopt(_ job: UnownedJob, task: UInt64, creator: UInt64, isNew: Bool) -> Bool {
    // Outside the lock: unwinding the creator's stack takes a few microseconds. (An explored
    // run names its tasks by creation path, unwinding only the first time a path is seen.)
    let site = isNew && exploration == nil ? TaskCreationSite.capture() : nil
    lock.lock()
    defer { lock.unlock() }
    switch phase {
    case .open: break
    case .ended: return false
    case .abandoned: return true
    }
    addMember(task, pointer: unsafeBitCast(job, to: UnsafeRawPointer.self), site: site, creator: creator)
    queue(ReadyJobs.Entry(job: job, task: task), from: .itself)
    return true
  }

  /// Records a new task of the world. Lock held.
  private func addMember(_ task: UInt64, pointer: UnsafeRawPointer?, site: TaskCreationSite?, creator: UInt64) {
    guard !members.contains(task) else { return }
    let explored = exploration?.noteTask(task, startedBy: creator == 0 ? nil : creator)
    members[task] = Member(task: pointer, site: site ?? explored, creator: creator)
    engine.tasks.insert(task, in: self)
    // XCTest makes a task on the main thread, outside any job, for each async step of a test (its
    // `setUp`, the test method, its `tearDown`), one after the other: the newest is the test's own.
    if case .xcTest? = test, creator == 0, Thread.isMainThread, !TaskIdentity.runsSerialExecutorJob {
      rootTask = task
    }
  }

  /// Makes the running task (the test's own, when the world begins in it or it joins a clock)
  /// one of the world's. Returns whether it is one now.
  @discardableResult
  func addCurrentTask(asRoot: Bool) -> Bool {
    let task = TaskIdentity.currentTaskID()
    guard task != 0 else { return false }
    if let other = Engine.world(ofTask: task), other !== self { return false }
    lock.lock()
    defer { lock.unlock() }
    guard phase == .open else { return false }
    if !members.contains(task) {
      members[task] = Member(task: TaskIdentity.currentTaskPointer(), site: nil, creator: 0)
      engine.tasks.insert(task, in: self)
    }
    if asRoot, rootTask == 0 { rootTask = task }
    return true
  }

  /// Names the current task in reports, if it is one of the world's: `the effect created at
  /// Feature.swift:30` (a test store's effect, whose creator's stack is the store's own).
  package static func describeCurrentTask(_ label: String) {
    let task = TaskIdentity.currentTaskID()
    guard task != 0, let world = Engine.world(ofTask: task) else { return }
    world.lock.lock()
    world.members.update(task) { $0.label = label }
    world.lock.unlock()
  }

  /// How many tasks of the world are alive (for tests of the engine).
  package var liveTaskCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return members.count
  }

  /// Where the world is in its life cycle (for tests of the engine).
  package var currentPhase: Phase {
    lock.lock()
    defer { lock.unlock() }
    return phase
  }

  /// Whether `task` is one of the world's live tasks.
  func hasMember(_ task: UInt64) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return members.contains(task)
  }

  /// Forgets a task that has completed.
  func memberEnded(_ task: UInt64) {
    lock.lock()
    defer { lock.unlock() }
    guard let member = members.remove(task) else { return }
    if case .realSleep = member.wait { realSleepsPending -= 1 }
  }

  /// Where a queued job of a task comes from, as far as the world can tell.
  enum Origin {
    /// The task itself (a change of executor, a yield, its creation): what it waits on is unchanged.
    case itself
    /// Another task or job of the world resumed it.
    case inside
    /// Something outside the world resumed it: a thread or task of no world, another world's.
    case outside
  }

  /// Where a job of `task` being enqueued now comes from. Lock held.
  func origin(of task: UInt64) -> Origin {
    guard task != 0 else { return .itself }
    if World.onCurrentThread === self {
      // The running job's task enqueuing itself (a change of executor: the runtime has let go of
      // it as the current task by then), or another task it resumes.
      if case .running(let running, _, _) = activity, running == task { return .itself }
      return .inside
    }
    let current = TaskIdentity.currentTaskID()
    if current == task { return .itself }
    if WorldToken.current?.world === self { return .inside }
    if members.contains(current) { return .inside }
    if engine.hasMainThreadWorld.load(ordering: .relaxed), current == 0, Thread.isMainThread,
      engine.mainThreadWorldIs(self)
    {
      return .inside
    }
    return .outside
  }

  /// Puts `entry` on the ready queue and makes sure the world's thread will run it. Lock held.
  /// While a job blocking the world was reported, the entry runs where it would have run without
  /// Harness instead (see ``jobBlocksTheWorld(task:ran:)``).
  func queue(_ entry: ReadyJobs.Entry, from origin: Origin) {
    // A task enqueuing itself (a change of executor, a yield) waits on nothing new: only a
    // resumption changes what the world knows of it.
    if entry.task != 0, origin != .itself {
      members.update(entry.task) { member in
        if case .realSleep = member.wait { realSleepsPending -= 1 }
        member.wait = .unknown
        member.wokenFromOutside = origin == .outside
      }
    }
    guard !runningJobIsReportedBlocked else {
      if entry.onMain { mainExecutor.runOnMainQueue(entry.job) } else { ProcessRouter.passOn(entry.job) }
      return
    }
    ready.append(entry)
    idleSince = nil
    if !threadStarted {
      engine.threads.start(self)
    } else if threadIsWaiting {
      wakeThread.signal()
    }
  }

  // MARK: Main-actor jobs

  /// A main-actor job of one of the world's tasks (see ``WorldMainExecutor``).
  func enqueueMain(_ job: UnownedJob) {
    let task = TaskIdentity.taskID(of: job)
    lock.lock()
    guard phase == .open else {
      let abandoned = phase == .abandoned
      lock.unlock()
      if !abandoned { mainExecutor.runOnMainQueue(job) }
      return
    }
    if task != 0, !members.contains(task) {
      // A task of the world's code that hops to the main actor before any of its jobs was seen
      // (a `Task { @MainActor in }`): its creation, in the creator's context.
      lock.unlock()
      let site = (TaskLayout.hasNeverRun(job) ?? true) && exploration == nil ? TaskCreationSite.capture() : nil
      let creator = Engine.currentCreator()
      lock.lock()
      if phase == .open, Engine.world(ofTask: task) == nil {
        addMember(task, pointer: unsafeBitCast(job, to: UnsafeRawPointer.self), site: site, creator: creator)
      }
    }
    queue(ReadyJobs.Entry(job: job, task: task, onMain: true), from: origin(of: task))
    lock.unlock()
  }

  // MARK: Real sleeps

  /// A real sleep of the current task (`Task.sleep`, `ContinuousClock().sleep`): the world keeps
  /// its wake-up, so it knows the task waits on real time and when the wait is over.
  func schedule<C: Clock>(_ job: UnownedJob, at instant: C.Instant, clock: C, sleeper: UInt64) {
    lock.lock()
    if phase == .open {
      members.update(sleeper) { member in
        if case .realSleep = member.wait {} else { realSleepsPending += 1 }
        member.wait = .realSleep(clock: "\(C.self)", delay: DelayedJob.delay(until: instant, clock: clock))
      }
    }
    lock.unlock()
    DelayedJob.enqueue(job, at: instant, clock: clock) { [self] job in wakeDue(job) }
  }

  /// The wake-up of a real sleep is due: it runs here, as the world's own job (not a task of
  /// the test's, though the runtime makes it one).
  private func wakeDue(_ job: UnownedJob) {
    lock.lock()
    guard phase == .open else {
      let abandoned = phase == .abandoned
      lock.unlock()
      if !abandoned { ProcessRouter.passOn(job) }
      return
    }
    queue(ReadyJobs.Entry(job: job, task: TaskIdentity.taskID(of: job)), from: .itself)
    lock.unlock()
  }

  // MARK: The thread a world's jobs run on

  /// The world whose job runs on the calling thread, if any.
  package static var onCurrentThread: World? {
    pthread_getspecific(threadKey).map { Unmanaged<World>.fromOpaque($0).takeUnretainedValue() }
  }

  /// Marks the calling thread as running the world's jobs (`nil`: none).
  static func setOnCurrentThread(_ world: World?) {
    pthread_setspecific(threadKey, world.map { Unmanaged.passUnretained($0).toOpaque() })
  }

  private static let threadKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()
}

extension World: CustomStringConvertible {
  package var description: String {
    test.map { "the world of \($0)" } ?? "a world of no test"
  }
}

@available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *)
extension World: SchedulingExecutor {
  /// A real sleep of a task running on the world's executor: kept by the sleeper's world.
  package func enqueue<C: Clock>(
    _ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C
  ) {
    let job = UnownedJob(job)
    let sleeper = TaskIdentity.currentTaskID()
    let world = Engine.world(ofTask: sleeper) ?? self
    if world.isOpen {
      world.schedule(job, at: instant, clock: clock, sleeper: sleeper)
    } else {
      DelayedJob.enqueue(job, at: instant, clock: clock) { ProcessRouter.passOn($0) }
    }
  }
}
