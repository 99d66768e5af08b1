#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One of the follower's locks (the registry, each world's, the parked threads', the
/// watchdog's), with condition variables for the threads that wait on it.
///
/// A `pthread_mutex_t` rather than `Mutex` or `NSCondition`: ThreadSanitizer understands it
/// (see `Locked`), and a condition waits on the mutex it is used with (a world's thread on its
/// world's lock, the watchdog on its own). None is ever held while a job runs.
final class FollowLock: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  init() {
    mutex = .allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  func lock() { pthread_mutex_lock(mutex) }
  /// Takes the lock if it is free; `false` if another thread holds it.
  func tryLock() -> Bool { pthread_mutex_trylock(mutex) == 0 }
  func unlock() { pthread_mutex_unlock(mutex) }

  /// A condition variable used with this lock.
  final class Condition: @unchecked Sendable {
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    init() {
      condition = .allocate(capacity: 1)
      var attributes = pthread_condattr_t()
      pthread_condattr_init(&attributes)
      #if !canImport(Darwin)
        // Deadlines are measured on the monotonic clock, never on wall time that may jump.
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
      #endif
      pthread_cond_init(condition, &attributes)
      pthread_condattr_destroy(&attributes)
    }

    deinit {
      pthread_cond_destroy(condition)
      condition.deallocate()
    }

    func signal() { pthread_cond_signal(condition) }
    func broadcast() { pthread_cond_broadcast(condition) }

    /// Waits with `lock` held, until signalled (or spuriously woken).
    func wait(_ lock: FollowLock) { pthread_cond_wait(condition, lock.mutex) }

    /// Waits with `lock` held, until signalled or `deadline` passes.
    func wait(_ lock: FollowLock, until deadline: ContinuousClock.Instant) {
      let remaining = deadline - .now
      guard remaining > .zero else { return }
      let (seconds, attoseconds) = remaining.components
      #if canImport(Darwin)
        var timeout = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        pthread_cond_timedwait_relative_np(condition, lock.mutex, &timeout)
      #else
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        var nanoseconds = Int(now.tv_nsec) + Int(attoseconds / 1_000_000_000)
        var wholeSeconds = Int(now.tv_sec) + Int(seconds)
        if nanoseconds >= 1_000_000_000 {
          nanoseconds -= 1_000_000_000
          wholeSeconds += 1
        }
        var timeout = timespec(tv_sec: wholeSeconds, tv_nsec: nanoseconds)
        pthread_cond_timedwait(condition, lock.mutex, &timeout)
      #endif
    }
  }
}
