import HarnessIssues

/// A thread-safe weak reference: how effects reach their store without keeping it alive.
@usableFromInline
final class WeakReference<Object: AnyObject & Sendable>: Sendable {
  @usableFromInline
  struct Box: @unchecked Sendable {
    // @unchecked: the object is Sendable; only `weak` makes the struct non-Sendable.
    @usableFromInline weak var object: Object?

    @inlinable
    init() {}
  }

  @usableFromInline let box = Locked(Box())

  @inlinable
  init() {}

  @inlinable
  var value: Object? {
    get { box.withLock { $0.object } }
    set { box.withLock { $0.object = newValue } }
  }
}
