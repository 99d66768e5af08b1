import HarnessIssues


/// A clock whose sleeps return at once, moving ``now`` forward to their deadline.
///
/// For tests and previews that should skip time entirely: a debounce fires at once, a timer
/// ticks as fast as it is read.
///
/// ```swift
/// let clock = ImmediateClock()
/// try await clock.sleep(for: .seconds(60))   // returns at once
/// clock.now.offset                           // 60.0 seconds
/// ```
public final class ImmediateClock<Duration: DurationProtocol & Hashable>: Clock, Sendable {
  /// An instant of this clock: an offset from its zero.
  public typealias Instant = ClockInstant<ImmediateClock, Duration>

  private let current: Locked<Instant>

  /// A clock that starts at `now` (its zero by default).
  public convenience init(now: Instant = Instant()) {
    self.init(start: now)
  }

  init(start: Instant) {
    current = Locked(start)
  }

  /// The latest deadline slept until (or the starting instant).
  public var now: Instant {
    current.withLock { $0 }
  }

  public var minimumResolution: Duration { .zero }

  /// Returns at once, moving ``now`` to `deadline` if it is later. Throws `CancellationError`
  /// in a cancelled task.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    current.withLock { $0 = Swift.max($0, deadline) }
  }
}

extension ImmediateClock where Duration == Swift.Duration {
  /// A clock that starts at `now` (its zero by default), measuring time in `Duration`.
  public convenience init(now: Instant = Instant()) {
    self.init(start: now)
  }
}

extension Clock where Self == ImmediateClock<Swift.Duration> {
  /// An ``ImmediateClock``, as swift-clocks spells it: `$0.continuousClock = .immediate`.
  public static var immediate: Self { ImmediateClock() }
}
