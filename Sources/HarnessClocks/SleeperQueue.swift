import HarnessIssues

/// One sleep on a ``TestClock`` (or, in HarnessSchedulers, on a Combine scheduler): registered,
/// then woken, or cancelled.
package final class SleepTicket: Sendable {
  enum Phase {
    case registering
    case sleeping(CheckedContinuation<Void, any Error>)
    case cancelled
    case woken
  }

  let phase = Locked(Phase.registering)
  /// The sleeping task's id, so the follower can tell whether it sleeps again after waking.
  let taskID: UInt64
  /// Where the sleep was called, for messages. Kept here rather than beside the ticket in the
  /// sleeper queue, so that the queue's entries stay small to move.
  let location: SourceCodeLocation?

  package init(taskID: UInt64, location: SourceCodeLocation? = nil) {
    self.taskID = taskID
    self.location = location
  }

  /// Hands over the sleeper's continuation; `false` (and nothing kept) when the sleep was
  /// cancelled first.
  package func beginSleeping(_ continuation: CheckedContinuation<Void, any Error>) -> Bool {
    phase.withLock { phase in
      if case .cancelled = phase { return false }
      phase = .sleeping(continuation)
      return true
    }
  }

  /// Wakes the sleeper if it still sleeps; `false` if it was cancelled first.
  @discardableResult
  package func wake() -> Bool {
    let continuation = phase.withLock { phase -> CheckedContinuation<Void, any Error>? in
      guard case .sleeping(let continuation) = phase else { return nil }
      phase = .woken
      return continuation
    }
    continuation?.resume()
    return continuation != nil
  }

  /// Cancels the sleep: a sleeping task resumes with `CancellationError`.
  package func cancel() {
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
/// Cancelled tickets stay in the heap until they reach the top.
struct SleeperQueue<Instant: InstantProtocol>: Sendable {
  struct Entry: Sendable {
    var deadline: Instant
    var ticket: SleepTicket
    var location: SourceCodeLocation? { ticket.location }
  }

  private var heap = DeadlineHeap<Instant, SleepTicket>()

  mutating func insert(deadline: Instant, ticket: SleepTicket) {
    heap.insert(ticket, deadline: deadline)
  }

  /// Removes and returns the earliest sleeper still sleeping, if its deadline passes `accept`.
  mutating func popFirst(where accept: (Instant) -> Bool) -> Entry? {
    while let first = heap.first {
      if !first.element.isSleeping {
        heap.removeFirst()
        continue
      }
      guard accept(first.deadline) else { return nil }
      heap.removeFirst()
      return Entry(deadline: first.deadline, ticket: first.element)
    }
    return nil
  }

  /// The sleepers still sleeping, in the order they will be woken.
  var sleeping: [Entry] {
    heap.ordered.filter { $0.element.isSleeping }.map { Entry(deadline: $0.deadline, ticket: $0.element) }
  }
}
