/// Elements ordered by deadline, and elements with the same deadline in the order they were
/// inserted: a binary heap, so inserting and removing the first element cost O(log n).
///
/// The one priority queue of the package: `TestClock` keeps its sleepers in it, and
/// HarnessSchedulers' `TestScheduler` its scheduled actions.
package struct DeadlineHeap<Deadline: Comparable, Element> {
  /// One element with its deadline and its insertion number (which breaks ties).
  package struct Entry {
    package var deadline: Deadline
    package var order: UInt64
    package var element: Element

    @inlinable
    func precedes(_ other: Entry) -> Bool {
      deadline != other.deadline ? deadline < other.deadline : order < other.order
    }
  }

  @usableFromInline var entries: [Entry] = []
  @usableFromInline var nextOrder: UInt64 = 0

  @inlinable
  package init() {}

  @inlinable
  package var isEmpty: Bool { entries.isEmpty }

  @inlinable
  package var count: Int { entries.count }

  /// The earliest entry, without removing it.
  @inlinable
  package var first: Entry? { entries.first }

  @inlinable
  package mutating func insert(_ element: Element, deadline: Deadline) {
    entries.append(Entry(deadline: deadline, order: nextOrder, element: element))
    nextOrder &+= 1
    siftUp(entries.count - 1)
  }

  /// Removes and returns the earliest entry.
  @inlinable
  @discardableResult
  package mutating func removeFirst() -> Entry {
    let first = entries[0]
    let last = entries.removeLast()
    if !entries.isEmpty {
      entries[0] = last
      siftDown(0)
    }
    return first
  }

  /// Every entry, in the order they would be removed (O(n log n): for messages and checks).
  package var ordered: [Entry] {
    entries.sorted { $0.precedes($1) }
  }

  /// Removes the entries `remove` accepts (O(n)).
  package mutating func removeAll(where remove: (Entry) -> Bool) {
    entries.removeAll(where: remove)
    // Any array sorted by precedence is a heap; re-heapify from the last parent down.
    if entries.count > 1 {
      for index in stride(from: entries.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
    }
  }

  @inlinable
  mutating func siftUp(_ index: Int) {
    var child = index
    while child > 0 {
      let parent = (child - 1) / 2
      guard entries[child].precedes(entries[parent]) else { return }
      entries.swapAt(child, parent)
      child = parent
    }
  }

  @inlinable
  mutating func siftDown(_ index: Int) {
    var parent = index
    let count = entries.count
    while true {
      var best = parent
      let left = 2 * parent + 1
      if left < count, entries[left].precedes(entries[best]) { best = left }
      if left + 1 < count, entries[left + 1].precedes(entries[best]) { best = left + 1 }
      guard best != parent else { return }
      entries.swapAt(parent, best)
      parent = best
    }
  }
}

extension DeadlineHeap: Sendable where Deadline: Sendable, Element: Sendable {}
extension DeadlineHeap.Entry: Sendable where Deadline: Sendable, Element: Sendable {}
