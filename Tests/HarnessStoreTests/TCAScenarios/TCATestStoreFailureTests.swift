import Foundation
import Harness
import HarnessStore
import Testing

// Port of TCA's Tests/ComposableArchitectureTests/TestStoreFailureTests.swift to Harness.
// Each TCA message is quoted in a comment; the assertion checks Harness's wording.

@Suite struct TCATestStoreFailureTests {
  @Test func testNoStateChangeFailure() async {
    enum Action { case first, second }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { _, action in
        switch action {
        case .first: return .send(.second)
        case .second: return .none
        }
      }
    }
    // TCA: "Expected state to change, but no change occurred. …"
    await expectTCAIssue("Expected the state to change, but it did not") {
      await store.send(.first) { _ = $0 }
    }
    await expectTCAIssue("Expected the state to change, but it did not") {
      await store.receive(.second) { _ = $0 }
    }
  }

  @Test func testStateChangeFailure() async {
    struct State: Equatable { var count = 0 }
    let store = TestStore(initialState: State()) {
      Reduce<State, Void> { state, _ in
        state.count += 1
        return .none
      }
    }
    // TCA: "A state change does not match expectation. − State(count: 0) + State(count: 1)"
    await expectTCAIssue("does not match the assertion", "count: 0", "count: 1") {
      await store.send(()) { $0.count = 0 }
    }
  }

  @Test func testUnexpectedStateChangeOnSendFailure() async {
    struct State: Equatable { var count = 0 }
    let store = TestStore(initialState: State()) {
      Reduce<State, Void> { state, _ in
        state.count += 1
        return .none
      }
    }
    // TCA: "State was not expected to change, but a change occurred. …"
    await expectTCAIssue("The state changed, but the test did not say how", "count: 1") {
      await store.send(())
    }
  }

  @Test func testUnexpectedStateChangeOnReceiveFailure() async {
    struct State: Equatable { var count = 0 }
    enum Action { case first, second }
    let store = TestStore(initialState: State()) {
      Reduce<State, Action> { state, action in
        switch action {
        case .first: return .send(.second)
        case .second:
          state.count += 1
          return .none
        }
      }
    }
    await store.send(.first)
    // TCA: "State was not expected to change, but a change occurred. …"
    await expectTCAIssue("The state changed, but the test did not say how", "count: 1") {
      await store.receive(.second)
    }
  }

  @Test func testReceivedActionAfterDeinit() async {
    enum Action { case first, second }
    // TCA: "The store received 1 unexpected action. Unhandled actions: .second …", reported
    // when the store goes away. The store lives inside the expectation so its deinit runs there.
    await expectTCAIssue("The store received 1 unexpected action", "second") {
      let store = TestStore(initialState: 0) {
        Reduce<Int, Action> { _, action in
          switch action {
          case .first: return .send(.second)
          case .second: return .none
          }
        }
      }
      await store.send(.first)
    }
  }

  @Test func testReceivedActionBeforeFinish() async {
    enum Action { case first, second }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { _, action in
        switch action {
        case .first: return .send(.second)
        case .second: return .none
        }
      }
    }
    await store.send(.first)
    await expectTCAIssue("The store received 1 unexpected action", "second") {
      await store.finish()
    }
  }

  @Test func testEffectInFlightAfterDeinit() async {
    // TCA: "An effect returned for this action is still running. It must complete before the
    // end of the test. …"
    await expectTCAIssue("is still running at the end of the test") {
      let store = TestStore(initialState: 0) {
        Reduce<Int, Void> { _, _ in .run { _ in try await neverEnding() } }
      }
      await store.send(())
    }
  }

  @Test func testSendActionBeforeReceivingFailure() async {
    enum Action { case first, second }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { _, action in
        switch action {
        case .first: return .send(.second)
        case .second: return .none
        }
      }
    }
    await store.send(.first)
    // TCA: "Must handle 1 received action before sending an action. Unhandled actions: [ [0]: .second ]"
    await expectTCAIssue("1 unexpected action before sending", "second") {
      await store.send(.first)
    }
    await store.receive(.second)
    await store.receive(.second)
  }

  @Test func testReceiveNonExistentActionFailure() async {
    enum Action { case action }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { _, _ in .none }
    }
    // TCA: "Expected to receive the following action, but didn't: Action.action"
    await expectTCAIssue("Expected to receive", "action") {
      await store.receive(.action)
    }
  }

  @Test func testReceiveUnexpectedActionFailure() async {
    enum Action { case first, second }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .first: return .send(.second)
        case .second:
          state += 1
          return .none
        }
      }
    }
    await store.send(.first)
    // TCA: "Received unexpected action: − Action.first + Action.second (Expected: −, Received: +)"
    await expectTCAIssue("Received unexpected action", "− Action.first", "+ Action.second") {
      await store.receive(.first)
    }
  }

  @Test func testModifyClosureThrowsErrorFailure() async {
    let store = TestStore(initialState: 0) {
      Reduce<Int, Void> { _, _ in .none }
    }
    struct SomeError: Error {}
    // TCA: "Threw error: SomeError()"
    await expectTCAIssue("threw an error", "SomeError()") {
      await store.send(()) { _ in throw SomeError() }
    }
  }

  @Test func testExpectedStateEqualityMustModify() async {
    let store = TestStore(initialState: 0) {
      Reduce<Int, Bool> { _, action in
        action ? .send(false) : .none
      }
    }
    await store.send(true)
    await store.receive(false)

    await expectTCAIssue("Expected the state to change") {
      await store.send(true) { $0 = 0 }
    }
    await expectTCAIssue("Expected the state to change") {
      await store.receive(false) { $0 = 0 }
    }
  }
}
