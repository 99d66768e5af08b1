#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A cheap reading of a monotonic clock, for timing jobs: a world reads it twice per job, and the
/// coarse clock (a few milliseconds' resolution, plenty for patiences of seconds) costs a
/// fraction of a precise reading.
struct JobTime {
  let nanoseconds: UInt64

  static var now: JobTime {
    var spec = timespec()
    #if canImport(Glibc) || canImport(Musl)
      clock_gettime(CLOCK_MONOTONIC_COARSE, &spec)
    #else
      clock_gettime(CLOCK_MONOTONIC, &spec)
    #endif
    return JobTime(nanoseconds: UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec))
  }

  /// How long after `earlier` this reading was taken.
  func duration(since earlier: JobTime) -> Duration {
    .nanoseconds(Int64(bitPattern: nanoseconds &- earlier.nanoseconds))
  }

  /// The continuous-clock instant `duration` after this reading (for waits, which take those).
  func deadline(after duration: Duration) -> ContinuousClock.Instant {
    ContinuousClock.now.advanced(by: duration - JobTime.now.duration(since: self))
  }
}
