import Foundation
import Harness
import HarnessStore

/// A counter with every kind of effect, for the store's tests.
struct Counter: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    var fact: String?
    var isTimerOn = false
  }

  enum Action: Equatable, Sendable {
    case decrementTapped
    case incrementTapped
    case delayedIncrementTapped
    case factTapped
    case factResponse(String)
    case noop
    case sendTwice
    case throwingEffect
    case timerTapped
    case timerTick
    case stopTimerTapped
    case unchangedWithEffect
  }

  enum CancelID { case timer }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .decrementTapped:
      state.count -= 1
      return .none
    case .incrementTapped:
      state.count += 1
      return .none
    case .delayedIncrementTapped:
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.incrementTapped)
      }
    case .factTapped:
      let count = state.count
      return .run { send in await send(.factResponse("\(count) is a number")) }
    case let .factResponse(fact):
      state.fact = fact
      return .none
    case .noop:
      return .none
    case .sendTwice:
      return .merge(.send(.incrementTapped), .send(.incrementTapped))
    case .throwingEffect:
      return .run { _ in throw CounterError.failed }
    case .timerTapped:
      state.isTimerOn = true
      return .run { send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.timerTick)
        }
      }
      .cancellable(id: CancelID.timer, cancelInFlight: true)
    case .timerTick:
      state.count += 1
      return .none
    case .stopTimerTapped:
      state.isTimerOn = false
      return .cancel(id: CancelID.timer)
    case .unchangedWithEffect:
      return .run { send in await send(.noop) }
    }
  }
}

enum CounterError: Error { case failed }
