import HarnessIssues
import Synchronization

/// Keeps the worlds of the tests that run in a process, and which world each of their tasks
/// belongs to.
///
/// ``process`` is the engine the runtime's interception routes to (see
/// ``RuntimeInterception``); white-box tests make engines of their own and drive their worlds
/// directly (a task that prefers a world's executor, or is created in its token's scope, is that
/// world's whatever engine made it).
///
/// Locks, always taken in this order (a thread holding one never waits for an earlier one):
/// 1. ``registry``: which worlds live, their bindings and scopes;
/// 2. each world's own ``World/lock``: its queue, its tasks, its settles;
/// 3. the leaf locks: ``TaskRegistry``'s shards, ``WorldThreads``', the ``Watchdog``'s, the main
///    thread world's.
/// No lock is held while a job runs, and a world's lock is never held while another world's is
/// taken.
package final class Engine: @unchecked Sendable {
  /// The engine the runtime's interception routes to.
  package static let process = Engine()

  /// Guards ``worlds``, and each world's bindings and scope.
  let registry = FollowLock()
  /// The worlds whose test runs.
  var worlds: [World] = []
  /// Which world each live task of the engine's worlds belongs to.
  let tasks = TaskRegistry()
  /// The threads that run the worlds' executors.
  let threads = WorldThreads()
  /// Reports blocked jobs and deadlocks, and ends stalled explored runs.
  let watchdog = Watchdog()

  /// The world of the XCTest test running now (set from the test's start to its end): XCTest runs
  /// its test methods on the main thread, around which an XCTest observer cannot bind a
  /// task-local, so a task that code on the main thread creates outside any job is that test's.
  /// Guarded by its own lock, a leaf.
  private var mainThreadWorldValue: World?
  private let mainThreadWorldLock = FollowLock()
  let hasMainThreadWorld = Atomic<Bool>(false)

  var mainThreadWorld: World? {
    get {
      mainThreadWorldLock.lock()
      defer { mainThreadWorldLock.unlock() }
      return mainThreadWorldValue
    }
    set {
      mainThreadWorldLock.lock()
      mainThreadWorldValue = newValue
      hasMainThreadWorld.store(newValue != nil, ordering: .relaxed)
      mainThreadWorldLock.unlock()
    }
  }

  /// Whether `world` is the XCTest test's world that owns the main thread's new tasks.
  func mainThreadWorldIs(_ world: World) -> Bool { mainThreadWorld === world }

  package init() {
    watchdog.engine = self
  }

  // MARK: - The process's engines

  /// Live worlds of every engine: while there are none, the interception passes every job on
  /// after one load.
  private static let liveWorlds = Atomic<Int>(0)

  static var processHasLiveWorlds: Bool { liveWorlds.load(ordering: .relaxed) > 0 }

  /// Engines other than ``process`` that have live worlds (white-box tests').
  private static let others = Locked<[Engine]>([])
  private static let hasOthers = Atomic<Bool>(false)

  /// Makes `world` live. Registry held.
  func add(_ world: World) {
    worlds.append(world)
    Self.liveWorlds.add(1, ordering: .relaxed)
    if self !== Self.process {
      Self.others.withLock { others in
        if !others.contains(where: { $0 === self }) { others.append(self) }
        Self.hasOthers.store(true, ordering: .relaxed)
      }
    }
    watchdog.watch(world)
  }

  /// Makes `world` no longer live. `keepingRouting`: its tasks' jobs still reach it (an abandoned
  /// explored run drops them), so the interception keeps looking for the rest of the process.
  /// Registry held.
  func remove(_ world: World, keepingRouting: Bool) {
    guard let index = worlds.firstIndex(where: { $0 === world }) else { return }
    worlds.remove(at: index)
    guard !keepingRouting else { return }
    Self.liveWorlds.subtract(1, ordering: .relaxed)
    if self !== Self.process, worlds.isEmpty {
      Self.others.withLock { others in
        others.removeAll { $0 === self }
        Self.hasOthers.store(!others.isEmpty, ordering: .relaxed)
      }
    }
  }

  /// The worlds whose test runs (for tests of the engine).
  package var liveWorlds: [World] {
    registry.lock()
    defer { registry.unlock() }
    return worlds
  }

  /// The world `task` belongs to, in any engine of the process.
  package static func world(ofTask task: UInt64) -> World? {
    guard task != 0 else { return nil }
    if let world = process.tasks.world(of: task) { return world }
    guard hasOthers.load(ordering: .relaxed) else { return nil }
    let others = Self.others.withLock { $0 }
    for engine in others {
      if let world = engine.tasks.world(of: task) { return world }
    }
    return nil
  }

  /// A task of one of the engines' worlds has completed.
  static func taskEnded(_ task: UInt64) {
    guard task != 0 else { return }
    if let world = process.tasks.remove(task) {
      world.memberEnded(task)
      return
    }
    guard hasOthers.load(ordering: .relaxed) else { return }
    for engine in others.withLock({ $0 }) {
      if let world = engine.tasks.remove(task) {
        world.memberEnded(task)
        return
      }
    }
  }

  // MARK: - Guests

  /// Tasks of no world whose next job runs on a world's thread, once: an explored run's driver,
  /// resumed as its run ends, goes on there rather than wait for a thread of the process's pool
  /// (which a loaded machine, or ThreadSanitizer, can keep from it for seconds). A leaf lock.
  private static let guests = Locked<[(task: UInt64, world: World)]>([])
  private static let guestCount = Atomic<Int>(0)

  /// Makes the next job of `task` (a task of no world) run on `world`'s thread.
  static func invite(_ task: UInt64, to world: World) {
    guard task != 0 else { return }
    guests.withLock { $0.append((task, world)) }
    guestCount.add(1, ordering: .relaxed)
  }

  /// The world that invited `task`'s next job, taking the invitation.
  static func takeInvitation(for task: UInt64) -> World? {
    guard guestCount.load(ordering: .relaxed) > 0 else { return nil }
    return guests.withLock { guests in
      guard let index = guests.firstIndex(where: { $0.task == task }) else { return nil }
      guestCount.subtract(1, ordering: .relaxed)
      return guests.remove(at: index).world
    }
  }

  /// Takes back the invitations `world` made that no job took (its guest went on elsewhere: a
  /// driver on the main actor).
  static func withdrawInvitations(of world: World) {
    guard guestCount.load(ordering: .relaxed) > 0 else { return }
    guests.withLock { guests in
      let before = guests.count
      guests.removeAll { $0.world === world }
      guestCount.subtract(before - guests.count, ordering: .relaxed)
    }
  }

  /// Runs `body` holding the registry lock, for tests of the engine.
  package func withRegistryHeld<T>(_ body: () throws -> T) rethrows -> T {
    registry.lock()
    defer { registry.unlock() }
    return try body()
  }
}
