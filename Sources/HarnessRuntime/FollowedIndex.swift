import Synchronization

/// The followed table's entries, readable with no lock, so that a followed task's job enqueued
/// off its world's thread (a sleeper an `advance` wakes, a task the test's task resumes) finds
/// its world without the registry lock.
///
/// Per task id slot, one word: the task's id and the world it is followed by, as an index into
/// ``WorldSlot``s that live as long as the index (a world itself may be freed the moment its
/// last reference goes, so the hook never holds one it did not take under a lock). A slot
/// holds one task; a task whose slot is taken by another, whose id is too large to pack, or
/// whose world has no slot (more than ``worldCapacity`` live worlds) is not in the index, and
/// its jobs take the locked path, which decides exactly.
///
/// Written under the registry lock only, by the followed table (``TaskTable``) and by the
/// worlds' registration and retirement.
package final class FollowedIndex: @unchecked Sendable {
  package static let slots = 65_536
  /// Live worlds with a slot; later ones route their tasks under the registry lock.
  static let worldCapacity = 1_024
  /// Task ids up to this many bits are packed with a world slot's index in one word.
  private static let taskBits = 48

  /// One live world's place: its world under a lock of its own (which only a lookup and the
  /// world's registration and retirement take), so that a lookup holds a strong reference.
  private final class WorldSlot: @unchecked Sendable {
    let lock = FollowLock()
    /// Guarded by ``lock``.
    var world: World?
  }

  private let entries: UnsafeMutablePointer<Atomic<UInt64>>
  private let worldSlots: [WorldSlot]
  /// Free world slots, and the slot of each live world that has one. Registry held.
  private var freeWorldSlots: [Int]
  private var slotsByWorld: [ObjectIdentifier: Int] = [:]

  package init() {
    entries = .allocate(capacity: Self.slots)
    for slot in 0..<Self.slots { (entries + slot).initialize(to: Atomic(0)) }
    worldSlots = (0..<Self.worldCapacity).map { _ in WorldSlot() }
    freeWorldSlots = Array((0..<Self.worldCapacity).reversed())
  }

  deinit {
    entries.deinitialize(count: Self.slots)
    entries.deallocate()
  }

  /// Gives `world` a slot, if one is free. Registry held.
  package func register(_ world: World) {
    let key = ObjectIdentifier(world)
    guard slotsByWorld[key] == nil, let slot = freeWorldSlots.popLast() else { return }
    worldSlots[slot].lock.lock()
    worldSlots[slot].world = world
    worldSlots[slot].lock.unlock()
    slotsByWorld[key] = slot
  }

  /// Frees `world`'s slot. Registry held, after its entries are gone and it is marked retired
  /// (a lookup that read an entry of it before then finds it retired: see ``world(of:)``).
  package func unregister(_ world: World) {
    guard let slot = slotsByWorld.removeValue(forKey: ObjectIdentifier(world)) else { return }
    worldSlots[slot].lock.lock()
    worldSlots[slot].world = nil
    worldSlots[slot].lock.unlock()
    freeWorldSlots.append(slot)
  }

  /// Notes that `task` is followed by `world` (`nil`: by none). Registry held.
  package func set(_ task: UInt64, to world: World?) {
    guard task != 0, task >> Self.taskBits == 0 else { return }
    let entry = entries + Self.slot(of: task)
    let current = entry.pointee.load(ordering: .relaxed)
    // Another task holds the slot: this one is looked up under the lock.
    guard current == 0 || current >> 16 == task else { return }
    let new = world.flatMap { slotsByWorld[ObjectIdentifier($0)] }.map { task << 16 | UInt64($0 + 1) } ?? 0
    if new != current { entry.pointee.store(new, ordering: .releasing) }
  }

  /// The world following `task`, if the index holds it and the world has not retired; `nil`
  /// says nothing (the locked path decides).
  ///
  /// The entry is read again after the world's slot: if it is unchanged and the world not
  /// retired, the slot held that world all along, so the entry meant it (a slot is freed only
  /// after its world is marked retired and its entries are gone, and a new entry naming the
  /// slot again is written after that mark).
  package func world(of task: UInt64) -> World? {
    guard task != 0, task >> Self.taskBits == 0 else { return nil }
    let entry = entries + Self.slot(of: task)
    let word = entry.pointee.load(ordering: .acquiring)
    guard word >> 16 == task, word & 0xFFFF != 0 else { return nil }
    let slot = worldSlots[Int(word & 0xFFFF) - 1]
    slot.lock.lock()
    let world = slot.world
    slot.lock.unlock()
    guard let world, entry.pointee.load(ordering: .acquiring) == word, !world.isRetired else { return nil }
    return world
  }

  private static func slot(of task: UInt64) -> Int { Int(task % UInt64(slots)) }
}
