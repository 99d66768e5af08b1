/// Elements ordered by deadline, and elements with the same deadline in the order they were
/// inserted: a binary heap, so inserting and removing the first element cost O(log n).
///
/// The one priority queue of the package: `TestClock` keeps its sleepers in it, and
/// HarnessSchedulers' `TestScheduler` its scheduled actions.
///
/// Public, with `@inlinable` operations, so that generic code in other modules gets it
/// specialized: `@inlinable` on `package` declarations did not make their bodies available to
/// HarnessSchedulers, and the unspecialized heap made each scheduled action about 17 times
/// slower (measured with `SchedulersBenchmark`).
public struct DeadlineHeap<Deadline: Comparable, Element> {
  /// One element with its deadline and its insertion number (which breaks ties).
  public struct Entry {
    public var deadline: Deadline
    public var order: UInt64
    public var element: Element

    @usableFromInline
    init(deadline: Deadline, order: UInt64, element: Element) {
      self.deadline = deadline
      self.order = order
      self.element = element
    }

    @inlinable
    func precedes(_ other: Entry) -> Bool {
      deadline != other.deadline ? deadline < other.deadline : order < other.order
    }
  }

  @usableFromInline var entries: [Entry] = []
  @usableFromInline var nextOrder: UInt64 = 0

  @inlinable @inline(__always)
  public init() {}

  @inlinable @inline(__always)
  public var isEmpty: Bool { entries.isEmpty }

  @inlinable @inline(__always)
  public var count: Int { entries.count }

  /// The earliest entry, without removing it.
  @inlinable @inline(__always)
  public var first: Entry? { entries.first }

  @inlinable @inline(__always)
  public mutating func insert(_ element: Element, deadline: Deadline) {
    entries.append(Entry(deadline: deadline, order: nextOrder, element: element))
    nextOrder &+= 1
    siftUp(entries.count - 1)
  }

  /// Removes and returns the earliest entry.
  @inlinable @inline(__always)
  @discardableResult
  public mutating func removeFirst() -> Entry {
    let first = entries[0]
    let last = entries.removeLast()
    if !entries.isEmpty {
      entries[0] = last
      siftDown(0)
    }
    return first
  }

  /// Every entry, in the order they would be removed (O(n log n): for messages and checks).
  public var ordered: [Entry] {
    entries.sorted { $0.precedes($1) }
  }

  /// Removes the entries `remove` accepts (O(n)).
  public mutating func removeAll(where remove: (Entry) -> Bool) {
    entries.removeAll(where: remove)
    // Any array sorted by precedence is a heap; re-heapify from the last parent down.
    if entries.count > 1 {
      for index in stride(from: entries.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
    }
  }

  // The sifts work on the array's buffer: through the array, each comparison copied both
  // entries (a retain and a release of each element), a tenth of a 1,000-sleeper advance.

  @inlinable @inline(__always)
  mutating func siftUp(_ index: Int) {
    entries.withUnsafeMutableBufferPointer { entries in
      var child = index
      while child > 0 {
        let parent = (child - 1) / 2
        guard entries[child].precedes(entries[parent]) else { return }
        entries.swapAt(child, parent)
        child = parent
      }
    }
  }

  @inlinable @inline(__always)
  mutating func siftDown(_ index: Int) {
    entries.withUnsafeMutableBufferPointer { entries in
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
}

extension DeadlineHeap: Sendable where Deadline: Sendable, Element: Sendable {}
extension DeadlineHeap.Entry: Sendable where Deadline: Sendable, Element: Sendable {}
