import HarnessIssues

/// A task sleeping on a ``TestClock``: when it wants to wake, and where it went to sleep.
public struct PendingSleeper<Instant: InstantProtocol>: Sendable, CustomStringConvertible {
  /// The instant the sleeper waits for.
  public var deadline: Instant
  /// Where the sleep was called, when the caller said so: `TestClock.sleep(for:)` and
  /// `Clock.timer(interval:)` do; `Clock.sleep(until:tolerance:)` cannot.
  public var location: SourceCodeLocation?

  public init(deadline: Instant, location: SourceCodeLocation?) {
    self.deadline = deadline
    self.location = location
  }

  /// `at 3.0 seconds, slept at Feature/Timer.swift:12`
  public var description: String {
    guard let location else {
      return "at \(deadline), slept at an unknown place (called through Clock.sleep(until:tolerance:))"
    }
    return "at \(deadline), slept at \(location.fileID):\(location.line)"
  }
}
