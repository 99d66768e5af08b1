import Foundation
import Harness
import HarnessStore
import Testing

// Port of TCA's Tests/ComposableArchitectureTests/EffectRunTests.swift to Harness.

@Suite struct TCAEffectRunTests {
  @Test func testRun() async {
    struct State: Equatable {}
    enum Action: Equatable { case tapped, response }
    let store = TestStore(initialState: State()) {
      Reduce<State, Action> { _, action in
        switch action {
        case .tapped: return .run { send in await send(.response) }
        case .response: return .none
        }
      }
    }
    await store.send(.tapped)
    await store.receive(.response)
  }

  @Test func testRunCatch() async {
    struct State: Equatable {}
    enum Action: Equatable { case tapped, response }
    let store = TestStore(initialState: State()) {
      Reduce<State, Action> { _, action in
        switch action {
        case .tapped:
          return .run { _ in
            struct Failure: Error {}
            throw Failure()
          } catch: { _, send in
            await send(.response)
          }
        case .response:
          return .none
        }
      }
    }
    await store.send(.tapped)
    await store.receive(.response)
  }

  @Test func testRunUnhandledFailure() async {
    struct State: Equatable {}
    enum Action: Equatable { case tapped, response }
    struct Failure: Error {}
    // TCA: "An "Effect.run" returned from "<file>:<line>" threw an unhandled error.
    //   EffectRunTests.Failure() …"
    await expectTCAIssue("HarnessStoreTests/TCAEffectRunTests.swift:", "threw an error it did not handle", "Failure()") {
      let store = TestStore(initialState: State()) {
        Reduce<State, Action> { _, action in
          switch action {
          case .tapped:
            return .run { _ in throw Failure() }
          case .response:
            return .none
          }
        }
      }
      await store.send(.tapped).finish(timeout: .seconds(5))
    }
  }

  @Test func testRunCancellation() async {
    let store = TestStore(initialState: 0) { CancelsItsOwnEffect(catching: false) }
    await store.send(.tapped).finish()
  }

  // A cancelled effect's CancellationError does not reach its `catch:` handler.
  @Test func testRunCancellationCatch() async {
    let store = TestStore(initialState: 0) { CancelsItsOwnEffect(catching: true) }
    await store.send(.tapped).finish()
  }

  @Test func testRunEscapeFailure() async {
    enum Action { case tap, response }
    let clock = TestClock()
    // TCA: "An action was sent from a completed effect. Action: .response, Effect returned from:
    // .tap. Avoid sending actions using the 'send' argument from 'Effect.run' after the effect
    // has completed. …"
    await withExpectedIssue {
      let store = Store(initialState: 0) {
        Reduce<Int, Action> { _, action in
          switch action {
          case .tap:
            return .run { send in
              Task(priority: .userInitiated) {
                try await clock.sleep(for: .seconds(1))
                await send(.response)
              }
            }
          case .response:
            return .none
          }
        }
      }
      await store.send(.tap).finish()
      await clock.advance(by: .seconds(1))
      try await Task.sleep(nanoseconds: 1_000_000_000)
    } matching: { issue in
      issue.message.contains("An action was sent from a completed effect")
    }
  }
}

/// `.tapped` runs an effect that cancels itself, then checks for cancellation before it sends
/// `.responseA` (with a `catch:` handler sending `.responseB` when `catching`).
private struct CancelsItsOwnEffect: Reducer {
  enum CancelID { case response }
  enum Action: Equatable, Sendable { case tapped, responseA, responseB }
  let catching: Bool

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    guard action == .tapped else { return .none }
    return Effect.run(operation: Self.cancelThenSend, catch: catching ? Self.sendResponseB : nil)
      .cancellable(id: CancelID.response)
  }

  @Sendable static func sendResponseB(_ error: any Error, _ send: Send<Action>) async {
    await send(.responseB)
  }

  @Sendable static func cancelThenSend(_ send: Send<Action>) async throws {
    await Task.cancel(id: CancelID.response)
    try Task.checkCancellation()
    await send(.responseA)
  }
}
