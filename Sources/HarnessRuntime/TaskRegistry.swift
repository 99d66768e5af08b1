import Synchronization

/// Which world each task of an engine belongs to (task id → world), from the task's creation
/// until it ends or its world does.
///
/// Read for every job headed for the generic executor while a world lives, from any thread: a
/// ``Presence`` answers "no world's" for most of them with one relaxed load and no lock; the rest
/// look in one of 32 shards, each under a lock of its own that is never held while another lock
/// is taken.
final class TaskRegistry: @unchecked Sendable {
  private static let shardCount = 32

  /// One shard: its tasks' worlds, and a direct-mapped cache of them that answers most lookups
  /// without the dictionary (see ``MemberTable`` for why that matters). Guarded by its lock.
  private final class Shard: @unchecked Sendable {
    let lock = FollowLock()
    private var worlds: [TaskKey: World] = [:]
    private static let cacheSlots = 128
    private let cachedTasks = UnsafeMutablePointer<UInt64>.allocate(capacity: cacheSlots)
    /// Unretained: `worlds` holds each, and a removal clears its slot.
    private let cachedWorlds = UnsafeMutablePointer<Unmanaged<World>?>.allocate(capacity: cacheSlots)

    init() {
      cachedTasks.initialize(repeating: 0, count: Self.cacheSlots)
      cachedWorlds.initialize(repeating: nil, count: Self.cacheSlots)
    }

    deinit {
      cachedTasks.deallocate()
      cachedWorlds.deallocate()
    }

    // Task ids reach a shard 32 apart: the cache slot is taken from the id's higher bits.
    private static func slot(_ task: UInt64) -> Int { Int((task / UInt64(shardCount)) % UInt64(cacheSlots)) }

    func world(of task: UInt64) -> World? {
      let slot = Self.slot(task)
      if cachedTasks[slot] == task, let world = cachedWorlds[slot] { return world.takeUnretainedValue() }
      guard let world = worlds[TaskKey(task)] else { return nil }
      cachedTasks[slot] = task
      cachedWorlds[slot] = Unmanaged.passUnretained(world)
      return world
    }

    func insert(_ task: UInt64, _ world: World) -> Bool {
      guard self.world(of: task) == nil else { return false }
      worlds[TaskKey(task)] = world
      let slot = Self.slot(task)
      cachedTasks[slot] = task
      cachedWorlds[slot] = Unmanaged.passUnretained(world)
      return true
    }

    func remove(_ task: UInt64, of expected: World?) -> World? {
      guard let found = self.world(of: task), expected == nil || found === expected else { return nil }
      let slot = Self.slot(task)
      if cachedTasks[slot] == task {
        cachedTasks[slot] = 0
        cachedWorlds[slot] = nil
      }
      worlds.removeValue(forKey: TaskKey(task))
      return found
    }
  }

  private let shards: [Shard] = (0..<TaskRegistry.shardCount).map { _ in Shard() }
  let presence = Presence()

  private func shard(_ task: UInt64) -> Shard { shards[Int(task % UInt64(Self.shardCount))] }

  /// The world `task` belongs to, if any.
  func world(of task: UInt64) -> World? {
    guard presence.mayContain(task) else { return nil }
    let shard = shard(task)
    shard.lock.lock()
    defer { shard.lock.unlock() }
    return shard.world(of: task)
  }

  /// Records that `task` belongs to `world`. Returns `false` if it belongs to a world already.
  @discardableResult
  func insert(_ task: UInt64, in world: World) -> Bool {
    guard task != 0 else { return false }
    let shard = shard(task)
    shard.lock.lock()
    defer { shard.lock.unlock() }
    guard shard.insert(task, world) else { return false }
    presence.add(task)
    return true
  }

  /// Forgets `task` and returns the world it belonged to.
  @discardableResult
  func remove(_ task: UInt64) -> World? {
    remove(task, ofWorld: nil)
  }

  /// Forgets `task` if it belongs to `world`.
  func remove(_ task: UInt64, of world: World) {
    remove(task, ofWorld: world)
  }

  @discardableResult
  private func remove(_ task: UInt64, ofWorld expected: World?) -> World? {
    guard presence.mayContain(task) else { return nil }
    let shard = shard(task)
    shard.lock.lock()
    defer { shard.lock.unlock() }
    guard let world = shard.remove(task, of: expected) else { return nil }
    presence.remove(task)
    return world
  }

  /// Counts per task id slot of the tasks the registry holds: zero in a task's slot means the
  /// registry does not hold it. Task ids are consecutive, so `id % slots` spreads them; a shared
  /// slot only costs a look in a shard. 65,536 slots (256 KB, made once per engine).
  final class Presence: @unchecked Sendable {
    static let slots = 65_536
    private let counts: UnsafeMutablePointer<Atomic<UInt32>>

    init() {
      counts = .allocate(capacity: Self.slots)
      for slot in 0..<Self.slots { (counts + slot).initialize(to: Atomic(0)) }
    }

    deinit {
      counts.deinitialize(count: Self.slots)
      counts.deallocate()
    }

    /// Whether the registry may hold `task` (0, no task, never is). Relaxed: a task is entered
    /// by the code that holds its next job, before that job is enqueued.
    func mayContain(_ task: UInt64) -> Bool {
      task != 0 && counts[slot(task)].load(ordering: .relaxed) != 0
    }

    fileprivate func add(_ task: UInt64) { counts[slot(task)].add(1, ordering: .relaxed) }
    fileprivate func remove(_ task: UInt64) { counts[slot(task)].subtract(1, ordering: .relaxed) }
    private func slot(_ task: UInt64) -> Int { Int(task % UInt64(Self.slots)) }
  }
}

/// A task id as a key of the engine's tables, hashed by a multiply and a shift instead of the
/// standard library's SipHash: ids are consecutive numbers that no caller picks (so no flooding
/// to fear), and the tables are read for every routed job.
struct TaskKey: Hashable {
  let id: UInt64

  init(_ id: UInt64) { self.id = id }

  func hash(into hasher: inout Hasher) { hasher.combine(id) }

  // What `Set` and `Dictionary` call; the seed is each storage's own, as theirs is.
  func _rawHashValue(seed: Int) -> Int {
    let mixed = (id ^ UInt64(UInt(bitPattern: seed))) &* 0x9E37_79B9_7F4A_7C15
    return Int(truncatingIfNeeded: mixed ^ (mixed >> 29))
  }
}
