/// A set of task ordinals (see ``ReadyJobMirror``): a bit each below 64, a set beside them for
/// the rest. The tasks an actor turn's footprint lists are a run's few, so noting them (at every
/// quiet job of every run that follows the queue) allocates nothing.
struct TaskOrdinals: Hashable {
  private var bits: UInt64 = 0
  /// Ordinals of 64 and above (runs of many tasks); empty, it allocates nothing either.
  private var more: Set<Int> = []

  /// No task.
  init() {}

  /// One task. (Not an array literal: that would allocate the array.)
  init(_ ordinal: Int) {
    insert(ordinal)
  }

  var isEmpty: Bool { bits == 0 && more.isEmpty }

  func contains(_ ordinal: Int) -> Bool {
    (0..<64).contains(ordinal) ? bits & (1 << UInt64(ordinal)) != 0 : more.contains(ordinal)
  }

  mutating func insert(_ ordinal: Int) {
    if (0..<64).contains(ordinal) {
      bits |= 1 << UInt64(ordinal)
    } else {
      more.insert(ordinal)
    }
  }

  mutating func formUnion(_ other: TaskOrdinals) {
    bits |= other.bits
    if !other.more.isEmpty { more.formUnion(other.more) }
  }
}
