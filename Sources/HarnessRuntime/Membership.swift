import Dispatch
import Foundation
import HarnessIssues
import Synchronization

// Which world a clock, a test or a task belongs to: worlds begin, gain members and retire.
extension FollowedWork {
  // MARK: - Worlds

  /// The world the calling code joins: the world whose job runs on this thread, else the world
  /// of the current task, else the world of the current test, else a new one.
  package func joinWorld(testID: String?) -> World {
    reclaimHook()
    let task = TaskIdentity.currentTaskID()
    let onMain = TaskIdentity.isOnMainQueue
    let here = World.onCurrentThread
    registry.lock()
    defer { registry.unlock() }
    let world: World
    // Unclaimed work is nobody's world: code running there starts (or finds) its own.
    if let here, here !== unclaimed, !here.isRetired {
      world = here
    } else if task != 0, let known = followedTasks[task] ?? memberTasks[task], known !== unclaimed,
      !known.isRetired
    {
      world = known
    } else {
      world = testWorld(testID: testID, firstTask: task, onMain: onMain)
    }
    addMember(task, to: world)
    if onMain { world.lock.lock(); world.usesMainActor = true; world.lock.unlock() }
    world.memberCount += 1
    return world
  }

  /// Begins the world of the test running on the current task (a Swift Testing test in a
  /// Harness trait's scope) before its body runs, so that the tasks it starts are followed from
  /// their first job, not only from its first clock or store call; `endTestWorld` ends it when
  /// the test ends. `nil` when the task's code has a world already (a test body run by an
  /// explored iteration): that world goes on, and is not the test's to end.
  package func beginTestWorld(testID: String?) -> World? {
    reclaimHook()
    let task = TaskIdentity.currentTaskID()
    guard task != 0 else { return nil }
    let onMain = TaskIdentity.isOnMainQueue
    let here = World.onCurrentThread
    registry.lock()
    defer { registry.unlock() }
    if let here, here !== unclaimed, !here.isRetired { return nil }
    if let known = followedTasks[task] ?? memberTasks[task], known !== unclaimed, !known.isRetired { return nil }
    let world = testWorld(testID: testID, firstTask: task, onMain: onMain)
    addMember(task, to: world)
    if onMain { world.lock.lock(); world.usesMainActor = true; world.lock.unlock() }
    world.memberCount += 1
    return world
  }

  /// Ends the world `beginTestWorld` began, as its test ends: its tasks are followed no more, and
  /// the clocks bound to it bind afresh if used again (as an XCTest test's end does). What no
  /// advance reported yet is reported by those clocks as they go.
  package func endTestWorld(_ world: World) {
    registry.lock()
    world.memberCount -= 1
    retire(world)
    registry.unlock()
  }

  /// The live world of the test `testID`, else a new one. Registry held.
  private func testWorld(testID: String?, firstTask task: UInt64, onMain: Bool) -> World {
    if let testID, let same = worlds.last(where: { $0.testID == testID }) { return same }
    let world = World(firstTask: task, testID: testID, usesMainActor: onMain)
    addWorld(world)
    return world
  }

  /// Begins the world of an XCTest test that runs now (XCTest runs one at a time, its test
  /// methods on the main thread), before any of its code runs, and returns it: the tasks
  /// created from the main thread outside any task until the test ends (XCTest's tasks for an
  /// async test method, its async `setUp` and `tearDown`, and the tasks a synchronous test
  /// starts) are the test's own. The caller binds the Harness objects the test case holds.
  package func beginMainThreadTest(_ testID: String) -> World {
    reclaimHook()
    registry.lock()
    defer { registry.unlock() }
    // Not a member's join (nothing runs on the main actor yet): the test's end retires it.
    let world = worlds.last(where: { $0.testID == testID }) ?? {
      let world = World(firstTask: 0, testID: testID, usesMainActor: false)
      addWorld(world)
      return world
    }()
    mainThreadTest = world
    return world
  }

  /// Makes `world` live. Registry held.
  func addWorld(_ world: World) {
    worlds.append(world)
    raiseHighestBaseline(to: world.baseline)
    routingIndex.register(world)
    liveWorldCount.add(1, ordering: .relaxed)
  }

  /// Notes one more clock or `TestWork` bound to `world`.
  package func addBinding(to world: World) {
    registry.lock()
    world.memberCount += 1
    registry.unlock()
  }

  /// Registry held, not the world's lock.
  func addMember(_ task: UInt64, to world: World) {
    guard task != 0, !world.isRetired else { return }
    // A task followed by a world runs its jobs there already; one that runs unclaimed for a job
    // (it came from the main actor) becomes a member all the same.
    let followed = followedTasks[task]
    if let followed, followed !== unclaimed { return }
    memberTasks[task] = world
    // Definitive for the hook only while no world, the unclaimed one included, follows it.
    if followed == nil { routingIndex.setMember(task, of: world) }
    world.addMember(task: task)
    raiseHighestBaseline(to: world.baseline)
  }

  /// Registry held (so raises never race each other).
  private func raiseHighestBaseline(to baseline: UInt64) {
    if baseline > highestBaseline.load(ordering: .relaxed) { highestBaseline.store(baseline, ordering: .relaxed) }
  }

  /// Sets how long `world` waits for the main actor to drain, and for one job to end.
  package func setPatience(mainActor: Duration?, job: Duration?, for world: World) {
    world.lock.lock()
    if let mainActor { world.mainActorPatience = mainActor }
    if let job { world.jobPatience = job }
    world.lock.unlock()
  }

  /// Called when a clock or `TestWork` of `world` goes away; the last one retires the world.
  /// Returns the problems no advance has reported yet, for the caller to report.
  package func leaveWorld(_ world: World) -> [SettleProblem] {
    registry.lock()
    defer { registry.unlock() }
    world.memberCount -= 1
    guard world.memberCount == 0 else { return [] }
    retire(world)
    world.lock.lock()
    defer { world.lock.unlock() }
    defer { world.unreportedProblems = [] }
    return world.unreportedProblems
  }

  /// Retires the worlds of a test that has ended (XCTest says when), so that clocks an
  /// `XCTestCase` keeps after its test stop taking jobs; a later use binds them afresh.
  package func testEnded(_ testID: String) {
    registry.lock()
    for world in worlds where world.testID == testID { retire(world) }
    if mainThreadTest?.testID == testID { mainThreadTest = nil }
    registry.unlock()
  }

  /// Registry held, not the world's lock.
  func retire(_ world: World) {
    guard !world.isRetired else { return }
    world.isRetired = true
    // Its tasks are no longer its own.
    world.followGeneration.add(1, ordering: .releasing)
    worlds.removeAll { $0 === world }
    followedTasks.removeAll(of: world)
    memberTasks.removeAll(of: world)
    adoptedTasks.removeAll(of: world)
    exploringCreators.removeAll(of: world)
    world.routedTaskIDs = []
    routingIndex.unregister(world)
    // Its thread ends once its queue is empty (it checks `isRetired` under the world's lock).
    world.lock.lock()
    if world.threadIsWaiting { world.wakeThread.signal() }
    world.lock.unlock()
    liveWorldCount.subtract(1, ordering: .relaxed)
  }

  /// Records that the current task sleeps on a clock of `world`, and says whether the sleep
  /// comes from work the follower sees (otherwise its timing against `advance` is a race).
  package func noteSleeper(_ task: UInt64, in world: World, at site: SourceCodeLocation?) -> Bool {
    reclaimHook()
    let onMain = TaskIdentity.isOnMainQueue
    let here = World.onCurrentThread
    registry.lock()
    defer { registry.unlock() }
    let isSeen =
      here === world
      || (task != 0 && (followedTasks[task] === world || memberTasks[task] === world))
      || here === unclaimed
      || onMain
    // An unclaimed task came from the main actor and will go back to it after its sleep.
    let usesMainActor = onMain || here === unclaimed || (task != 0 && followedTasks[task] === unclaimed)
    let follows = task != 0 && !world.isRetired
    if follows {
      let previous = followedTasks[task]
      followedTasks[task] = world
      // After the entry changed: a world's thread that reads the new generation then finds the
      // new entry in the lock-free index (see `World.noteOwnTask(_:seenAt:)`).
      if let previous, previous !== world { previous.followGeneration.add(1, ordering: .releasing) }
    }
    world.lock.lock()
    if usesMainActor { world.usesMainActor = true }
    if world.wokenTask == task { world.wokenTask = nil }
    if follows, let site { world.sleepSites[task] = site }
    world.lock.unlock()
    return isSeen
  }

  /// The world a routing table sends `task`'s jobs to, if any (for tests of the tables).
  package func routedWorld(of task: UInt64) -> World? {
    registry.lock()
    defer { registry.unlock() }
    return followedTasks[task] ?? memberTasks[task] ?? adoptedTasks[task] ?? exploringCreators[task]
  }

  /// Records that `task` is suspending in a sleep on a clock of `world` (its continuation is
  /// registered: nothing of the task runs until it is resumed).
  package func noteSuspendedInSleep(_ task: UInt64, in world: World) {
    guard task != 0 else { return }
    world.lock.lock()
    if !world.isRetired { world.sleepingTasks.insert(task) }
    world.lock.unlock()
  }

  /// Whether each of `tasks` is suspended in a sleep on a clock of `world`, with nothing of the
  /// world's queued or running.
  package func areSleeping(_ tasks: [UInt64], in world: World) -> Bool {
    let caller = TaskIdentity.currentTaskID()
    world.lock.lock()
    defer { world.lock.unlock() }
    // The caller's own job does not count when the world runs it (a test task adopted after a
    // settle asks right after it): it is not work that could wake a sleeper behind its back.
    // Nor in an explored run, where the caller is a followed job like any other.
    let callersJob =
      caller != 0 && world.runningTask == caller
        && (world.runningIsAdopted || (world.exploration != nil && World.onCurrentThread === world)) ? 1 : 0
    // The world's own jobs only: unclaimed work (another test's main actor task, perhaps) does
    // not wake a sleeper of this world.
    // Jobs the caller's job staged are pending too (only the world's thread has them).
    let staged = World.onCurrentThread === world ? world.staged.count : 0
    return world.pendingJobs + staged - callersJob == 0
      && tasks.allSatisfy { $0 != 0 && world.sleepingTasks.contains($0) }
  }
}
