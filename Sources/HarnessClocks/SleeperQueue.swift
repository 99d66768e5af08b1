import HarnessIssues
import Synchronization

/// One sleep on a ``TestClock`` (or, in HarnessSchedulers, on a Combine scheduler): registered,
/// then woken, or cancelled.
///
/// Its phase is one atomic word rather than a value behind a lock: a ticket is made, registered
/// and woken for every sleep (a timer's every tick), and the lock cost an allocation and three
/// lock round trips per sleep, and the sleeper queue's look at each ticket a copy of its
/// continuation.
package final class SleepTicket: @unchecked Sendable {
  // @unchecked: `continuation` is written once, before the release that makes the phase
  // `sleeping`, and read only by the one thread whose exchange takes the phase out of it.
  private enum Phase: UInt8, AtomicRepresentable {
    case registering, sleeping, cancelled, woken
  }

  private let phase = Atomic<Phase>(.registering)
  private var continuation: CheckedContinuation<Void, any Error>?
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
    self.continuation = continuation
    let (began, _) = phase.compareExchange(
      expected: .registering, desired: .sleeping, successOrdering: .releasing, failureOrdering: .relaxed)
    if !began { self.continuation = nil }
    return began
  }

  /// Wakes the sleeper if it still sleeps; `false` if it was cancelled first.
  @discardableResult
  package func wake() -> Bool {
    guard let continuation = takeContinuation(leaving: .woken) else { return false }
    continuation.resume()
    return true
  }

  /// Cancels the sleep: a sleeping task resumes with `CancellationError`.
  package func cancel() {
    // Cancelled whatever the phase was, as a sleep still registering must learn it.
    guard phase.exchange(.cancelled, ordering: .acquiringAndReleasing) == .sleeping else { return }
    continuation.take()?.resume(throwing: CancellationError())
  }

  /// The continuation of a sleeping ticket, whose phase becomes `next`; `nil` if it was not
  /// sleeping.
  private func takeContinuation(leaving next: Phase) -> CheckedContinuation<Void, any Error>? {
    let (left, _) = phase.compareExchange(
      expected: .sleeping, desired: next, successOrdering: .acquiring, failureOrdering: .relaxed)
    return left ? continuation.take() : nil
  }

  var isSleeping: Bool { phase.load(ordering: .relaxed) == .sleeping }
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
