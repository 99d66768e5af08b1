import Synchronization

/// A thread-safe boolean that can be set once.
final class OnceFlag: Sendable {
  private let value = Atomic<Bool>(false)

  /// Sets the flag and returns what it was.
  func exchange(_ newValue: Bool) -> Bool {
    value.exchange(newValue, ordering: .acquiringAndReleasing)
  }
}
