import HarnessIssues

/// One sleep on a ``TestClock``: registered, then woken, or cancelled.
final class SleepTicket: Sendable {
  enum Phase {
    case registering
    case sleeping(CheckedContinuation<Void, any Error>)
    case cancelled
    case woken
  }

  let phase = Locked(Phase.registering)
  /// The sleeping task's id, so the follower can tell whether it sleeps again after waking.
  let taskID: UInt64

  init(taskID: UInt64) {
    self.taskID = taskID
  }

  /// Wakes the sleeper if it still sleeps; `false` if it was cancelled first.
  func wake() -> Bool {
    let continuation = phase.withLock { phase -> CheckedContinuation<Void, any Error>? in
      guard case .sleeping(let continuation) = phase else { return nil }
      phase = .woken
      return continuation
    }
    continuation?.resume()
    return continuation != nil
  }

  /// Cancels the sleep: a sleeping task resumes with `CancellationError`.
  func cancel() {
    let continuation = phase.withLock { phase -> CheckedContinuation<Void, any Error>? in
      defer { phase = .cancelled }
      guard case .sleeping(let continuation) = phase else { return nil }
      return continuation
    }
    continuation?.resume(throwing: CancellationError())
  }

  var isSleeping: Bool {
    phase.withLock { if case .sleeping = $0 { true } else { false } }
  }
}

/// The sleepers of a clock, earliest deadline first, then in the order they started sleeping.
/// A binary heap: cancelled tickets stay in it until they reach the top.
struct SleeperQueue<Instant: InstantProtocol>: Sendable {
  struct Entry: Sendable {
    var deadline: Instant
    var order: Int
    var ticket: SleepTicket
    var location: SourceCodeLocation?

    func precedes(_ other: Entry) -> Bool {
      deadline != other.deadline ? deadline < other.deadline : order < other.order
    }
  }

  private var heap: [Entry] = []
  private var nextOrder = 0

  mutating func insert(deadline: Instant, ticket: SleepTicket, location: SourceCodeLocation?) {
    heap.append(Entry(deadline: deadline, order: nextOrder, ticket: ticket, location: location))
    nextOrder += 1
    siftUp(heap.count - 1)
  }

  /// Removes and returns the earliest sleeper still sleeping, if its deadline passes `accept`.
  mutating func popFirst(where accept: (Instant) -> Bool) -> Entry? {
    while let first = heap.first {
      if !first.ticket.isSleeping {
        removeFirst()
        continue
      }
      guard accept(first.deadline) else { return nil }
      removeFirst()
      return first
    }
    return nil
  }

  /// The sleepers still sleeping, in the order they will be woken.
  var sleeping: [Entry] {
    heap.filter { $0.ticket.isSleeping }.sorted { $0.precedes($1) }
  }

  private mutating func removeFirst() {
    heap.swapAt(0, heap.count - 1)
    heap.removeLast()
    if !heap.isEmpty { siftDown(0) }
  }

  private mutating func siftUp(_ index: Int) {
    var child = index
    while child > 0 {
      let parent = (child - 1) / 2
      guard heap[child].precedes(heap[parent]) else { return }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  private mutating func siftDown(_ index: Int) {
    var parent = index
    while true {
      var best = parent
      let left = 2 * parent + 1
      if left < heap.count, heap[left].precedes(heap[best]) { best = left }
      if left + 1 < heap.count, heap[left + 1].precedes(heap[best]) { best = left + 1 }
      guard best != parent else { return }
      heap.swapAt(parent, best)
      parent = best
    }
  }
}
