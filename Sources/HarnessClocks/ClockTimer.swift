import HarnessIssues

extension Clock {
  /// Ticks every `interval`, on any clock, without drifting.
  ///
  /// The n-th tick is due at `start + n × interval`, `start` being the clock's time when the
  /// first tick is requested; a deadline is never computed from the previous wake-up, so time
  /// spent handling a tick does not push the next one back. A consumer that falls behind gets
  /// the missed ticks at once, in order. Each element is the tick's deadline. The sequence ends
  /// when the task is cancelled.
  ///
  /// ```swift
  /// func countTicks(on clock: any Clock<Duration>) async -> Int {
  ///   var count = 0
  ///   for await _ in clock.timer(interval: .seconds(1)) {
  ///     count += 1
  ///   }
  ///   return count
  /// }
  /// ```
  ///
  /// With a ``TestClock`` `advance(by: .seconds(5))` delivers exactly 5 ticks; with an
  /// ``ImmediateClock`` the ticks come as fast as they are read.
  public func timer(
    interval: Duration,
    tolerance: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> ClockTimer<Self> {
    ClockTimer(
      clock: self,
      interval: interval,
      tolerance: tolerance,
      location: SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

extension Clock where Duration: Hashable {
  /// A timer on a clock known only as `any Clock<Duration>`, such as the `continuousClock`
  /// dependency: the same ticks, through ``AnyClock``.
  ///
  /// ```swift
  /// @MainActor final class TimerModel {
  ///   @Dependency(\.continuousClock) var clock
  ///   var ticks = 0
  ///   func start() async {
  ///     for await _ in clock.timer(interval: .seconds(1)) { ticks += 1 }
  ///   }
  /// }
  /// ```
  ///
  /// A concrete clock gets ``ClockTimer`` of its own type instead; this overload is only chosen
  /// where that one cannot be called.
  @_disfavoredOverload
  public func timer(
    interval: Duration,
    tolerance: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> ClockTimer<AnyClock<Duration>> {
    AnyClock(self).timer(
      interval: interval, tolerance: tolerance, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// The ticks of ``_Concurrency/Clock/timer(interval:tolerance:fileID:filePath:line:column:)->ClockTimer<Self>``.
public struct ClockTimer<TimerClock: Clock>: AsyncSequence, Sendable {
  public typealias Element = TimerClock.Instant
  public typealias Failure = Never

  let clock: TimerClock
  let interval: TimerClock.Duration
  let tolerance: TimerClock.Duration?
  let location: SourceCodeLocation

  public func makeAsyncIterator() -> Iterator {
    Iterator(timer: self)
  }

  public struct Iterator: AsyncIteratorProtocol, Sendable {
    let timer: ClockTimer
    var start: TimerClock.Instant?
    var ticks = 0
    var isFinished = false

    init(timer: ClockTimer) {
      self.timer = timer
    }

    // Specialized for the test clock: called from another module, the generic body looks its
    // clock's metadata up at every tick.
    @_specialize(where TimerClock == TestClock<Swift.Duration>)
    public mutating func next() async -> TimerClock.Instant? {
      guard !isFinished else { return nil }
      guard timer.interval > .zero else {
        isFinished = true
        reportIssue(
          ReportedIssue(
            message: """
              A timer needs a positive interval, but got \(timer.interval): it would tick forever \
              without time passing. The timer ends at once.
              """,
            location: timer.location
          )
        )
        return nil
      }
      // Read at the timer's line too: a clock that reports its reads names the user's line.
      let start = self.start ?? SleepCallSite.$current.withValue(timer.location) { timer.clock.now }
      self.start = start
      ticks += 1
      // From the start, not from the last wake-up: handling a tick never delays the next.
      let deadline = start.advanced(by: timer.interval * ticks)
      do {
        try await SleepCallSite.$current.withValue(timer.location) {
          try await timer.clock.sleep(until: deadline, tolerance: timer.tolerance)
        }
      } catch {
        isFinished = true
        return nil
      }
      return deadline
    }
  }
}
