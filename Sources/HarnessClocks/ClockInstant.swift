/// An instant of one of Harness's clocks: a duration since the clock's zero.
///
/// `Owner` names which clock the instant belongs to, so instants of a ``TestClock`` and of an
/// ``ImmediateClock`` never mix; it is never stored.
///
/// ```swift
/// let clock = TestClock()
/// clock.now                          // ClockInstant(offset: 0.0 seconds)
/// await clock.advance(by: .seconds(2))
/// clock.now.offset                   // 2.0 seconds
/// ```
public struct ClockInstant<Owner, Duration: DurationProtocol & Hashable>: InstantProtocol,
  CustomStringConvertible
{
  /// How far this instant lies after the clock's zero.
  public var offset: Duration

  /// The instant `offset` after the clock's zero (the zero itself by default).
  public init(offset: Duration = .zero) {
    self.offset = offset
  }

  public func advanced(by duration: Duration) -> Self {
    Self(offset: offset + duration)
  }

  public func duration(to other: Self) -> Duration {
    other.offset - offset
  }

  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.offset < rhs.offset
  }

  /// `2.0 seconds`: the offset from the clock's zero.
  public var description: String { "\(offset)" }
}

// Only the offset is stored, so the phantom `Owner` never has to be Sendable or Hashable.
extension ClockInstant: Sendable {}
extension ClockInstant: Hashable {}
