import HarnessIssues

/// A thread-safe weak reference: how effects reach their store without keeping it alive.
final class WeakReference<Object: AnyObject & Sendable>: Sendable {
  private struct Box: @unchecked Sendable {
    // @unchecked: the object is Sendable; only `weak` makes the struct non-Sendable.
    weak var object: Object?
  }

  private let box = Locked(Box())

  var value: Object? {
    get { box.withLock { $0.object } }
    set { box.withLock { $0.object = newValue } }
  }
}
