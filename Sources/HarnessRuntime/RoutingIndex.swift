import Synchronization

/// The followed and member tables' entries, readable with no lock, so that a followed task's job
/// enqueued off its world's thread (a sleeper an `advance` wakes, a task the test's task
/// resumes) finds its world without the registry lock, and a job of a test's own task (a member
/// no world follows) is passed on without it.
///
/// Per task id slot, one word: the task's id, whether it is followed or a member, and its
/// world, as an index into
/// ``WorldSlot``s that live as long as the index (a world itself may be freed the moment its
/// last reference goes, so the hook never holds one it did not take under a lock). A slot
/// holds one task; a task whose slot is taken by another, whose id is too large to pack, or
/// whose world has no slot (more than ``worldCapacity`` live worlds) is not in the index, and
/// its jobs take the locked path, which decides exactly.
///
/// A member entry is written only for a task no world follows (``FollowedWork/addMember(_:to:)``
/// checks), and any followed entry of the task replaces it, so a member entry is definitive:
/// the task is its world's member and followed by none. Leaving the member table clears it.
///
/// Written under the registry lock only, by the followed and member tables (``TaskTable``) and
/// by the worlds' registration and retirement.
package final class RoutingIndex: @unchecked Sendable {
  package static let slots = 65_536
  /// Live worlds with a slot; later ones route their tasks under the registry lock.
  static let worldCapacity = 1_024
  /// Task ids up to this many bits are packed with a world slot's index in one word.
  private static let taskBits = 48
  /// The low 16 bits: the world slot's index + 1, and this bit for a member entry.
  private static let memberBit: UInt64 = 0x8000
  private static let worldBits: UInt64 = 0x7FFF

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

  /// Notes that `task` is followed by `world` (`nil`: by none), replacing a member entry of it.
  /// Registry held.
  package func set(_ task: UInt64, to world: World?) {
    write(task, world: world, member: false) { _ in true }
  }

  /// Notes that `task` is a member of `world` that no world follows. Registry held, and
  /// `task` not in the followed table.
  package func setMember(_ task: UInt64, of world: World) {
    // Not over the task's followed entry (the caller says there is none; kept safe anyway).
    write(task, world: world, member: true) { $0 == 0 || $0 & Self.memberBit != 0 }
  }

  /// Notes that `task` is no member any more (its followed entry, if any, stays). Registry held.
  package func clearMember(_ task: UInt64) {
    write(task, world: nil, member: true) { $0 & Self.memberBit != 0 }
  }

  /// Writes `task`'s entry if its slot is free or holds the task already and `replaces` accepts
  /// the current entry (0 for a free slot).
  private func write(_ task: UInt64, world: World?, member: Bool, replaces: (UInt64) -> Bool) {
    guard task != 0, task >> Self.taskBits == 0 else { return }
    let entry = entries + Self.slot(of: task)
    let current = entry.pointee.load(ordering: .relaxed)
    // Another task holds the slot: this one is looked up under the lock.
    guard current == 0 || current >> 16 == task, replaces(current) else { return }
    let new =
      world.flatMap { slotsByWorld[ObjectIdentifier($0)] }.map { task << 16 | UInt64($0 + 1) | (member ? Self.memberBit : 0) }
      ?? 0
    if new != current { entry.pointee.store(new, ordering: .releasing) }
  }

  /// The world following `task`, if the index holds it and the world has not retired; `nil`
  /// says nothing (the locked path decides).
  ///
  /// The entry is read again after the world's slot: if it is unchanged and the world not
  /// retired, the slot held that world all along, so the entry meant it (a slot is freed only
  /// after its world is marked retired and its entries are gone, and a new entry naming the
  /// slot again is written after that mark).
  package func world(of task: UInt64) -> World? { liveWorld(of: task, member: false) }

  /// The world `task` is a member of, if the index holds it so (no world follows the task) and
  /// the world has not retired; `nil` says nothing (the locked path decides).
  package func memberWorld(of task: UInt64) -> World? { liveWorld(of: task, member: true) }

  private func liveWorld(of task: UInt64, member: Bool) -> World? {
    guard task != 0, task >> Self.taskBits == 0 else { return nil }
    let entry = entries + Self.slot(of: task)
    let word = entry.pointee.load(ordering: .acquiring)
    guard word >> 16 == task, word & Self.worldBits != 0, (word & Self.memberBit != 0) == member else { return nil }
    let slot = worldSlots[Int(word & Self.worldBits) - 1]
    slot.lock.lock()
    let world = slot.world
    slot.lock.unlock()
    guard let world, entry.pointee.load(ordering: .acquiring) == word, !world.isRetired else { return nil }
    return world
  }

  private static func slot(of task: UInt64) -> Int { Int(task % UInt64(slots)) }
}
