#if Macros
import Harness

/// Polls a status on a clock's schedule and hands out only the changes.
///
/// Tick n is due at n × interval after the poller was made, not after the previous poll: a
/// sleeper that starts late (say, after a test already advanced its clock) then finds its tick
/// due and does not wait for time that will never come.
final class PathPoller: Sendable {
  private let sleepUntilTick: @Sendable (Int) async throws -> Void
  private let status: @Sendable (Int) -> NetworkPath.Status
  private let state = LockIsolated<(nextTick: Int, reported: NetworkPath.Status?)>((0, nil))

  init<C: Clock<Duration>>(
    clock: C,
    interval: Duration,
    status: @escaping @Sendable (Int) -> NetworkPath.Status
  ) {
    let start = clock.now
    self.sleepUntilTick = { tick in try await clock.sleep(until: start.advanced(by: interval * tick), tolerance: nil) }
    self.status = status
  }

  /// The next path that differs from the last one handed out; nil once the task is cancelled.
  @Sendable func nextChange() async -> NetworkPath? {
    while !Task.isCancelled {
      let tick = state.withValue { state in
        defer { state.nextTick += 1 }
        return state.nextTick
      }
      if tick > 0 {
        do { try await sleepUntilTick(tick) } catch { return nil }
      }
      let now = status(tick)
      let changed = state.withValue { state in
        defer { state.reported = now }
        return state.reported != now
      }
      if changed { return NetworkPath(status: now) }
    }
    return nil
  }
}
#endif
