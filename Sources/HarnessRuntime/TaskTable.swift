import Synchronization

/// One of the follower's routing tables (task id → world), which also keeps a count in a shared
/// ``TaskTable/Presence`` of every task it holds: the hook asks the presence, with no lock, whether a
/// job could be of any world's, and jobs of tasks in no world (the production code and other tests
/// of the process, while a world lives) skip the follower's locks altogether.
///
/// A table that grows with a world's tasks (followed, members) indexes them by world too (see
/// ``World/routedTaskIDs``), so a world's retirement costs its own entries, not the table's; the
/// others hold an entry per task only until its next job (adopted) or its first (creators),
/// and are scanned.
///
/// Mutated only under the follower's registry lock, like the dictionary it wraps.
package struct TaskTable {
  private var worlds: [TaskKey: World] = [:]
  private let presence: Presence
  private let indexesWorlds: Bool
  /// The lock-free copy of the entries, kept by the followed table.
  private let index: RoutingIndex?
  /// The lock-free index the member table clears its leaving tasks from (its entries are
  /// written by ``FollowedWork/addMember(_:to:)``, which knows whether the task is followed).
  private let memberIndex: RoutingIndex?
  /// A presence of this table's tasks alone (kept by the adopted table), beside the shared one.
  private let ownPresence: Presence?

  package init(
    presence: Presence, indexesWorlds: Bool = false, index: RoutingIndex? = nil, memberIndex: RoutingIndex? = nil,
    ownPresence: Presence? = nil
  ) {
    self.presence = presence
    self.indexesWorlds = indexesWorlds
    self.index = index
    self.memberIndex = memberIndex
    self.ownPresence = ownPresence
  }

  package var isEmpty: Bool { worlds.isEmpty }

  package subscript(task: UInt64) -> World? {
    get { worlds[TaskKey(task)] }
    set {
      let key = TaskKey(task)
      let old = newValue.map { worlds.updateValue($0, forKey: key) } ?? worlds.removeValue(forKey: key)
      if old == nil, newValue != nil {
        presence.add(task)
        ownPresence?.add(task)
      }
      if old != nil, newValue == nil {
        presence.remove(task)
        ownPresence?.remove(task)
        memberIndex?.clearMember(task)
      }
      if old !== newValue { index?.set(task, to: newValue) }
      if indexesWorlds, let newValue, old !== newValue, newValue.keepsRoutedTaskIDs {
        newValue.routedTaskIDs.append(task)
      }
    }
  }

  /// Removes `task`'s entry and returns its world, if any.
  package mutating func removeValue(forKey task: UInt64) -> World? {
    guard let old = worlds.removeValue(forKey: TaskKey(task)) else { return nil }
    presence.remove(task)
    ownPresence?.remove(task)
    index?.set(task, to: nil)
    memberIndex?.clearMember(task)
    return old
  }

  /// Removes the entries of `world`. (Collected first: removing while iterating the dictionary
  /// copied all of it.)
  package mutating func removeAll(of world: World) {
    let tasks =
      indexesWorlds && world.keepsRoutedTaskIDs
      ? world.routedTaskIDs.filter { worlds[TaskKey($0)] === world }
      : worlds.compactMap { $0.value === world ? $0.key.id : nil }
    for task in tasks { self[task] = nil }
  }

  /// Counts per task id slot of the tasks the tables hold: zero in a task's slot means no table
  /// holds it. Task ids are consecutive, so `id % slots` spreads them; a shared slot only sends a
  /// job through the locked path, which decides exactly.
  ///
  /// 65,536 slots (256 KB, made once per process that uses a test clock): with 4,096, one test
  /// whose `TestStoreTask.finish` waited its 1,000 rounds followed about 7,000 tasks while it
  /// ran, filling every slot, and every job of the process took the lock for that while (see
  /// DESIGN.md, "The hook's cost for work of no test").
  package final class Presence: @unchecked Sendable {
    package static let slots = 65_536
    private let counts: UnsafeMutablePointer<Atomic<UInt32>>

    package init() {
      counts = .allocate(capacity: Self.slots)
      for slot in 0..<Self.slots { (counts + slot).initialize(to: Atomic(0)) }
    }

    deinit {
      counts.deinitialize(count: Self.slots)
      counts.deallocate()
    }

    /// Whether some table may hold `task` (0, no task, never is). Relaxed: a task enters a table
    /// before any job of it can be routed by that entry (the entry is made by the code that
    /// will resume or create it), so the load that happens after sees the count.
    package func mayContain(_ task: UInt64) -> Bool {
      task != 0 && counts[slot(task)].load(ordering: .relaxed) != 0
    }

    fileprivate func add(_ task: UInt64) {
      guard task != 0 else { return }
      counts[slot(task)].add(1, ordering: .relaxed)
    }

    fileprivate func remove(_ task: UInt64) {
      guard task != 0 else { return }
      counts[slot(task)].subtract(1, ordering: .relaxed)
    }

    private func slot(_ task: UInt64) -> Int { Int(task % UInt64(Self.slots)) }
  }
}

/// A task id as a key of the follower's sets and tables, hashed by a multiply and a shift
/// instead of the standard library's SipHash: ids are consecutive numbers that no caller picks
/// (so no flooding to fear), and the tables are read for every routed job and every sleep
/// (SipHash was about 5% of the 1,000-sleepers benchmark).
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

/// A set of task ids (see ``TaskKey``).
struct TaskIDSet {
  private var keys: Set<TaskKey> = []

  var isEmpty: Bool { keys.isEmpty }
  func contains(_ task: UInt64) -> Bool { keys.contains(TaskKey(task)) }
  mutating func insert(_ task: UInt64) { keys.insert(TaskKey(task)) }
  mutating func remove(_ task: UInt64) { keys.remove(TaskKey(task)) }
  /// The ids, as a standard set (for reports).
  var ids: Set<UInt64> { Set(keys.lazy.map(\.id)) }
}
