import Foundation

/// The threads that run worlds' executors, one world at a time each. A thread whose world has
/// nothing to run for a while parks, and runs the next world that needs a thread: tests (and
/// explored iterations) that make many short-lived worlds do not start a thread each.
final class WorldThreads: @unchecked Sendable {
  /// How long a thread with no world waits for one before it ends.
  static let parkingTime = Duration.seconds(2)
  /// How long a world's thread waits for a job before it leaves the world (and parks).
  static let idleTime = Duration.seconds(2)

  /// Guards ``parked`` and each thread's ``WorldThread/world``.
  private let lock = FollowLock()
  private var parked: [WorldThread] = []

  final class WorldThread: @unchecked Sendable {
    var world: World?
    let wake = FollowLock.Condition()
    init(world: World) { self.world = world }
  }

  /// Starts a thread for `world`: a parked one if any, else a new one. The world's lock held.
  func start(_ world: World) {
    world.threadStarted = true
    lock.lock()
    defer { lock.unlock() }
    if let thread = parked.popLast() {
      thread.world = world
      thread.wake.signal()
      return
    }
    let worldThread = WorldThread(world: world)
    let thread = Thread { [self] in run(worldThread) }
    // Linux keeps 15 characters of a thread's name.
    thread.name = "harness-world"
    thread.stackSize = 8 << 20
    thread.start()
  }

  private func run(_ thread: WorldThread) {
    lock.lock()
    while let world = thread.world {
      lock.unlock()
      World.setOnCurrentThread(world)
      world.lock.lock()
      world.runJobs()
      world.lock.unlock()
      World.setOnCurrentThread(nil)
      lock.lock()
      thread.world = nil
      parked.append(thread)
      let deadline = ContinuousClock.now.advanced(by: Self.parkingTime)
      while thread.world == nil, ContinuousClock.now < deadline { thread.wake.wait(lock, until: deadline) }
      if thread.world == nil { parked.removeAll { $0 === thread } }
    }
    lock.unlock()
  }
}
