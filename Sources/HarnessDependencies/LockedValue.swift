import Synchronization

/// A value behind a lock, in a class so that it can live in a `static let`.
///
/// (A `Mutex` stored directly in a global is reported by ThreadSanitizer as racing accesses to
/// the global itself: its exclusivity checks do not see the lock. Held by an object, the same
/// lock is checked like any other memory.)
final class LockedValue<Value>: Sendable {
  private let mutex: Mutex<Value>

  init(_ value: sending Value) {
    mutex = Mutex(value)
  }

  func withLock<Result>(_ body: (inout sending Value) throws -> sending Result) rethrows -> sending Result {
    try mutex.withLock(body)
  }
}
