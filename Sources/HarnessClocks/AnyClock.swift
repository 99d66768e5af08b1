/// Any clock measuring time in `Duration`, behind one concrete type.
///
/// Code that stores a clock chosen at run time (`any Clock<Duration>` from a dependency) and
/// code that wants a concrete `Clock` type (a generic algorithm, a timer) meet here:
///
/// ```swift
/// let clock: any Clock<Duration> = TestClock()
/// let erased = AnyClock(clock)          // or AnyClock(TestClock())
/// for await _ in erased.timer(interval: .seconds(1)) { break }
/// ```
///
/// Instants are offsets from the moment the wrapper was created; sleeping until one sleeps on
/// the wrapped clock until the matching instant of its own.
public struct AnyClock<Duration: DurationProtocol & Hashable>: Clock {
  /// An instant of this clock: an offset from the moment the wrapper was created.
  public typealias Instant = ClockInstant<AnyClock, Duration>

  private let readNow: @Sendable () -> Duration
  private let sleepUntil: @Sendable (Duration, Duration?) async throws -> Void
  private let resolution: @Sendable () -> Duration

  /// Wraps `clock`, including one known only as `any Clock<Duration>`.
  public init<Wrapped: Clock>(_ clock: Wrapped) where Wrapped.Duration == Duration {
    let start = clock.now
    readNow = { start.duration(to: clock.now) }
    sleepUntil = { offset, tolerance in
      try await clock.sleep(until: start.advanced(by: offset), tolerance: tolerance)
    }
    resolution = { clock.minimumResolution }
  }

  public var now: Instant { Instant(offset: readNow()) }

  public var minimumResolution: Duration { resolution() }

  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try await sleepUntil(deadline.offset, tolerance)
  }
}
