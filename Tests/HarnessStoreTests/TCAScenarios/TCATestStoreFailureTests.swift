import Foundation
import Harness
import HarnessStore
import Testing

// Port of TCA's Tests/ComposableArchitectureTests/TestStoreFailureTests.swift to Harness.
// Each TCA message is quoted in a comment; the assertion checks Harness's wording.
//
// Ported earlier under Harness names (the same scenarios, not repeated here):
// - testExpectedStateEqualityMustModify: TestStoreFailureTests.anAssertionSettingTheSameValueChangesNothing
// - testModifyClosureThrowsErrorFailure: TestStoreFailureTests.anAssertionClosureThatThrows
// - testNoStateChangeFailure: TestStoreFailureTests.anAssertionThatChangesNothing
// - testReceiveUnexpectedActionFailure: TestStoreFailureTests.receivingAnotherActionThanExpected
// - testReceivedActionBeforeFinish: TestStoreFailureTests.anUnhandledActionAtTheEnd
// - testSendActionBeforeReceivingFailure: TestStoreFailureTests.sendingBeforeReceivingFailsOnceAndKeepsTheActionQueued
// - testStateChangeFailure: TestStoreFailureTests.aStateChangeThatDoesNotMatch
// - testUnexpectedStateChangeOnReceiveFailure: TestStoreFailureTests.aReceivedActionChangedTheStateWithoutAnAssertion

@Suite struct TCATestStoreFailureTests {
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

  @Test func testReceivedActionAfterDeinit() async {
    enum Action { case first, second }
    // TCA: "The store received 1 unexpected action. Unhandled actions: .second …", reported
    // when the store goes away. The store lives inside the expectation so its deinit runs there.
    await expectTCAIssue("The store received 1 unexpected action", "second") {
      let store = TestStore(initialState: 0) {
        Reduce<Int, Action> { _, action in action == .first ? .send(.second) : .none }
      }
      await store.send(.first)
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

}
