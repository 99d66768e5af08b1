import HarnessClocks
import HarnessStore

/// A feature with a timer on a test clock: `start` ticks once a second until `stop`.
public struct TickerFeature: Reducer {
  public struct State: Equatable, Sendable {
    public var ticks = 0
    public init() {}
  }
  public enum Action: Equatable, Sendable {
    case start, stop, tick
  }
  enum CancelID { case timer }

  let clock: TestClock<Duration>

  public init(clock: TestClock<Duration>) { self.clock = clock }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { [clock] send in
        for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
      }
      .cancellable(id: CancelID.timer)
    case .stop:
      return .cancel(id: CancelID.timer)
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}

/// A ticker store on `clock`: starts it, advances `seconds` seconds at once, receives a tick per
/// second (each asserted), and stops it. Any tick missing or late fails the running test.
public func receiveTicks(_ seconds: Int, on clock: TestClock<Duration>) async {
  let store = TestStore(initialState: TickerFeature.State()) {
    TickerFeature(clock: clock)
  }
  await store.send(.start)
  await clock.advance(by: .seconds(seconds))
  for tick in 1...seconds {
    await store.receive(.tick) { $0.ticks = tick }
  }
  await store.send(.stop)
}
