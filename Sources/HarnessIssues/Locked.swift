#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
#if os(Windows)
  import Synchronization
  import WinSDK
#endif

/// A value behind a lock, shared by the modules of this package.
///
/// Not `Synchronization.Mutex`: on Linux its contended path waits in a futex that
/// ThreadSanitizer cannot see, so correct code under contention is reported as a data race.
/// A `pthread_mutex_t` is understood by ThreadSanitizer, and `.ci/run` runs the tests under it.
@usableFromInline
package final class Locked<Value>: @unchecked Sendable {
  // @unchecked: `value` is only touched while `mutex` is held.
  // Usable from inlinable code, so that `withLock` specializes in the modules that use it (an
  // unspecialized call looks the metadata of its closure's types up at every use).
  @usableFromInline var value: Value
  #if os(Windows)
    @usableFromInline let mutex = Mutex<Void>(())
  #else
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
  #endif

  @usableFromInline
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
  @inlinable
  package func withLock<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
    #if os(Windows)
      return try mutex.withLock { _ throws(E) in try body(&value) }
    #else
      pthread_mutex_lock(mutex)
      defer { pthread_mutex_unlock(mutex) }
      return try body(&value)
    #endif
  }

  /// Runs `body` with exclusive access once the lock is free, waiting at most `timeout`;
  /// `nil` when it stayed held that long.
  package func withLock<R, E: Error>(
    waitingAtMost timeout: Duration,
    _ body: (inout Value) throws(E) -> R
  ) throws(E) -> R? {
    #if os(Linux) || os(Android)
      var deadline = timespec()
      clock_gettime(CLOCK_REALTIME, &deadline)
      let (seconds, attoseconds) = timeout.components
      let nanoseconds = Int(deadline.tv_nsec) + Int(attoseconds / 1_000_000_000)
      deadline.tv_sec += Int(seconds) + nanoseconds / 1_000_000_000
      deadline.tv_nsec = nanoseconds % 1_000_000_000
      guard pthread_mutex_timedlock(mutex, &deadline) == 0 else { return nil }
      defer { pthread_mutex_unlock(mutex) }
      return try body(&value)
    #else
      // No timed lock everywhere: poll, a millisecond apart.
      let clock = ContinuousClock()
      let end = clock.now.advanced(by: timeout)
      while true {
        if let result = try withLockIfAvailable(body) { return result }
        if clock.now >= end { return nil }
        #if os(Windows)
          Sleep(1)
        #else
          usleep(1_000)
        #endif
      }
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
