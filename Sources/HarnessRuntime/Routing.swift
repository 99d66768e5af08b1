import Foundation

// Whose job is this: the rules that make a task a world's by construction.
extension Engine {
  /// Hands `job` to the world it belongs to and returns `true`, or returns `false` for a job of
  /// no test (the caller runs it where it would have run). Called for every job headed for the
  /// generic executor while a world lives.
  ///
  /// A job's world is decided once per task:
  /// 1. a task the engine knows goes to its world (or, once that world has ended, where it would
  ///    have gone without Harness; an abandoned explored run's are dropped);
  /// 2. a task's first job (the runtime made the task and never ran it: ``TaskLayout``) is
  ///    enqueued by the code that created it, whose world (``contextWorld()``) becomes the task's:
  ///    `Task {}` and `Task.detached` alike;
  /// 3. a task the engine did not see created (it began on an actor, or on the main actor)
  ///    enqueuing itself belongs to the world of the token it copied from its creator;
  /// 4. a job of no task (an actor's processing job, the second half of a `Task.yield()`) belongs
  ///    to the world of the code that enqueues it.
  /// Anything else is no world's: a task of another test or of no test, resumed by this test's
  /// work, stays where it belongs.
  static func route(_ job: UnownedJob) -> Bool {
    guard processHasLiveWorlds else { return false }
    let task = TaskIdentity.taskID(of: job)
    if task == 0 {
      guard let world = contextWorld() else { return false }
      return world.accept(job, task: 0)
    }
    if let world = world(ofTask: task) { return world.accept(job, task: task) }
    if TaskLayout.hasNeverRun(job) ?? true {
      guard let world = contextWorld() else { return false }
      return world.adopt(job, task: task, creator: currentCreator(), isNew: true)
    }
    if let host = takeInvitation(for: task) { return host.acceptGuest(job, task: task) }
    if task == TaskIdentity.currentTaskID(), let world = WorldToken.current?.world {
      return world.adopt(job, task: task, creator: 0, isNew: false)
    }
    return false
  }

  /// The world of the code running now, if it is a test's: the world whose token the current
  /// task carries, else the world the current task belongs to, else the world whose job runs
  /// on this thread; on the main thread of an XCTest test that holds Harness objects, outside
  /// any job, that test's world.
  static func contextWorld() -> World? {
    if let world = contextWorldOfTask() { return world }
    let process = Engine.process
    guard process.hasMainThreadWorld.load(ordering: .relaxed), Thread.isMainThread,
      TaskIdentity.currentTaskID() == 0, !TaskIdentity.runsSerialExecutorJob,
      let world = process.mainThreadWorld, world.isOpen
    else { return nil }
    return world
  }

  /// ``contextWorld()`` without the XCTest main-thread rule: the world of the current task or
  /// of the world job this thread runs.
  static func contextWorldOfTask() -> World? {
    if let world = WorldToken.current?.world, world.isOpen { return world }
    let task = TaskIdentity.currentTaskID()
    if task != 0, let world = world(ofTask: task), world.isOpen { return world }
    if let world = World.onCurrentThread, world.isOpen { return world }
    return nil
  }

  /// The world of the current task, if it has one whose test still runs.
  package static func contextWorldOfCurrentTask() -> World? { contextWorldOfTask() }

  /// The task whose code runs now, as the creator of a task it starts (0: none).
  static func currentCreator() -> UInt64 { TaskIdentity.currentTaskID() }

  /// Keeps a real sleep of the current task in its world, if it has one: then the world knows the
  /// task waits on real time, and runs its wake-up when due. Returns `false` for a task of no world.
  static func scheduleForCurrentTask<C: Clock>(_ job: UnownedJob, at instant: C.Instant, clock: C) -> Bool {
    guard processHasLiveWorlds else { return false }
    let sleeper = TaskIdentity.currentTaskID()
    guard sleeper != 0, let world = world(ofTask: sleeper), world.isOpen else { return false }
    world.schedule(job, at: instant, clock: clock, sleeper: sleeper)
    return true
  }
}
