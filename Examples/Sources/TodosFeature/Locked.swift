#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value behind a lock, for clients that keep state (in-memory storage, captured events).
///
/// A `pthread_mutex_t`, as in Harness itself: `Synchronization.Mutex` waits in a futex that
/// ThreadSanitizer cannot see, so under contention it reports races in correct code.
public final class LockedValue<Value: Sendable>: @unchecked Sendable {
  private var storage: Value
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  public init(_ value: Value) {
    storage = value
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  public var value: Value {
    get { withValue { $0 } }
    set { withValue { $0 = newValue } }
  }

  /// Changes the value in place, atomically.
  public func withValue<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&storage)
  }
}

/// A flag that can be set once, from any thread.
final class LockedFlag: Sendable {
  private let flag = LockedValue(false)
  func set() { flag.value = true }
  var isSet: Bool { flag.value }
}
