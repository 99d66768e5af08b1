#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
#if os(Windows)
  import Synchronization
#endif

/// A value behind a lock, shared by the modules of this package.
///
/// Not `Synchronization.Mutex`: on Linux its contended path waits in a futex that
/// ThreadSanitizer cannot see, so correct code under contention is reported as a data race.
/// A `pthread_mutex_t` is understood by ThreadSanitizer, and `.ci/run` runs the tests under it.
package final class Locked<Value>: @unchecked Sendable {
  // @unchecked: `value` is only touched while `mutex` is held.
  private var value: Value
  #if os(Windows)
    private let mutex = Mutex<Void>(())
  #else
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  #endif

  package init(_ value: Value) {
    self.value = value
    #if !os(Windows)
      mutex = .allocate(capacity: 1)
      pthread_mutex_init(mutex, nil)
    #endif
  }

  deinit {
    #if !os(Windows)
      pthread_mutex_destroy(mutex)
      mutex.deallocate()
    #endif
  }

  /// Runs `body` with exclusive access to the value.
  package func withLock<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
    #if os(Windows)
      return try mutex.withLock { _ throws(E) in try body(&value) }
    #else
      pthread_mutex_lock(mutex)
      defer { pthread_mutex_unlock(mutex) }
      return try body(&value)
    #endif
  }

  /// Runs `body` with exclusive access if the lock is free right now; `nil` when it is held.
  package func withLockIfAvailable<R, E: Error>(
    _ body: (inout Value) throws(E) -> R
  ) throws(E) -> R? {
    #if os(Windows)
      return try mutex.withLockIfAvailable { _ throws(E) in try body(&value) }
    #else
      guard pthread_mutex_trylock(mutex) == 0 else { return nil }
      defer { pthread_mutex_unlock(mutex) }
      return try body(&value)
    #endif
  }
}
