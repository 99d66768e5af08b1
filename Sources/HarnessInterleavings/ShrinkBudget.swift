/// How much a failing exploration may spend looking for a smaller schedule that still fails:
/// at most `replays` replays and `duration` (whichever ends first).
public struct ShrinkBudget: Sendable, Hashable {
  /// Replays of candidate schedules, at most.
  public var replays: Int
  /// Time spent shrinking, at most.
  public var duration: Duration

  /// At most `replays` replays and `duration`; `replays: 0` turns shrinking off.
  public init(replays: Int, duration: Duration) {
    self.replays = replays
    self.duration = duration
  }

  /// 200 replays or 10 seconds.
  public static let `default` = ShrinkBudget(replays: 200, duration: .seconds(10))

  /// No shrinking: the failing schedule is reported as it ran.
  public static let off = ShrinkBudget(replays: 0, duration: .zero)
}
