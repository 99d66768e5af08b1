import HarnessIssues
import Synchronization

/// An action sent to a store by its caller and every action it led to: the `.send`s it
/// returned, the actions its effects sent, and theirs in turn. Their effects are all the send's,
/// for its ``StoreTask`` or ``TestStoreTask`` to wait for or cancel: cancelling the task of an
/// `onAppear` also ends the timer that an action it sent started, as a view disappearing would.
@usableFromInline
final class SendLineage: Sendable {
  private let cancelled = Atomic<Bool>(false)

  @inlinable
  init() {}

  /// Whether the send's task was cancelled: effects of the lineage that start from now on are
  /// born cancelled.
  var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

  func markCancelled() { cancelled.store(true, ordering: .releasing) }
}

/// What started an effect: where the action that returned it was sent or received (for
/// reports), and the send it descends from.
@usableFromInline
struct EffectCause: Sendable {
  @usableFromInline var trigger: SourceCodeLocation?
  @usableFromInline var lineage: SendLineage?

  init(trigger: SourceCodeLocation? = nil, lineage: SendLineage? = nil) {
    self.trigger = trigger
    self.lineage = lineage
  }
}
