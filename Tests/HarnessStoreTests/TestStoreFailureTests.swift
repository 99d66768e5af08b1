import Foundation
import Harness
import HarnessStore
import HarnessTesting
import Testing

/// TCA's `TestStoreFailureTests`, ported: each failure is reported once, where it happens, and
/// does not cascade into the steps after it.
///
/// Explored: each test runs in 20 seeded interleavings of its jobs, and must pass in every one.
@Suite(.interleavings(20)) struct TestStoreFailureTests {
  enum Action: Equatable, Sendable { case first, second }

  /// `.first` adds `firstAdds` and sends `.second`, which adds `secondAdds`.
  func makeStore(firstAdds: Int = 0, secondAdds: Int = 0) -> TestStore<Int, Action> {
    TestStore(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .first:
          state += firstAdds
          return .send(.second)
        case .second:
          state += secondAdds
          return .none
        }
      }
    }
  }

  /// TCA: testSendActionBeforeReceivingFailure. One failure; the unhandled action stays queued,
  /// so both `receive`s succeed.
  @Test func sendingBeforeReceivingFailsOnceAndKeepsTheActionQueued() async {
    let issues = await collectIssues {
      let store = makeStore()
      await store.send(.first)
      await store.send(.first)
      await store.receive(.second)
      await store.receive(.second)
    }
    #expect(issues.count == 1)
    #expect(
      issues.first?.message == """
        The store received 1 unexpected action before sending TestStoreFailureTests.Action.first:

          TestStoreFailureTests.Action.second

        Receive them with `await store.receive(…)` before sending, or skip them with \
        `await store.skipReceivedActions()`. They stay queued: the `receive`s after this send \
        still find them, in order.
        """
    )
  }

  /// The same with state changes: the send is checked from the state after the unhandled action,
  /// and the late `receive` against the state before that action; no other failure follows.
  @Test func aLateReceiveChecksTheStateBeforeItsAction() async {
    let issues = await collectIssues {
      let store = makeStore(firstAdds: 10, secondAdds: 1)
      await store.send(.first) { $0 = 10 }
      await store.send(.first) { $0 = 21 }
      await store.receive(.second) { $0 = 11 }
      await store.receive(.second) { $0 = 22 }
      #expect(store.state == 22)
      await store.send(.first) { $0 = 32 }
      await store.receive(.second) { $0 = 33 }
    }
    #expect(issues.map { $0.message.prefix(while: { $0 != ":" }) } == [
      "The store received 1 unexpected action before sending TestStoreFailureTests.Action.first"
    ])
  }

  /// An action reported before a send and never received is not reported again at the end.
  @Test func anUnhandledActionIsReportedOnce() async {
    let issues = await collectIssues {
      let store = makeStore()
      await store.send(.first)
      await store.send(.first)
      await store.send(.first)
      await store.finish()
    }
    #expect(issues.map { $0.message.prefix(while: { $0 != ":" }) } == [
      "The store received 1 unexpected action before sending TestStoreFailureTests.Action.first",
      "The store received 1 unexpected action before sending TestStoreFailureTests.Action.first",
      "The store received 1 unexpected action by the end of the test",
    ])
  }

  /// TCA: testReceivedActionBeforeFinish.
  @Test func anUnhandledActionAtTheEnd() async {
    let issues = await collectIssues {
      let store = makeStore()
      await store.send(.first)
      await store.finish()
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.hasPrefix("The store received 1 unexpected action by the end of the test:") == true)
  }

  /// TCA: testNoStateChangeFailure.
  @Test func anAssertionThatChangesNothing() async {
    let issues = await collectIssues {
      let store = makeStore()
      await store.send(.first) { _ = $0 }
      await store.receive(.second) { _ = $0 }
    }
    #expect(issues.map { $0.message.prefix(while: { $0 != "\n" }) } == [
      "Expected the state to change, but it did not.",
      "Expected the state to change, but it did not.",
    ])
    #expect(issues.last?.message.contains("The assertion closure of receive(TestStoreFailureTests.Action.second) made no change") == true)
  }

  /// TCA: testExpectedStateEqualityMustModify.
  @Test func anAssertionSettingTheSameValueChangesNothing() async {
    let issues = await collectIssues {
      let store = makeStore()
      await store.send(.first)
      await store.receive(.second)
      await store.send(.first) { $0 = 0 }
      await store.receive(.second) { $0 = 0 }
    }
    #expect(issues.count == 2)
    #expect(issues.allSatisfy { $0.message.hasPrefix("Expected the state to change, but it did not.") })
  }

  /// TCA: testUnexpectedStateChangeOnReceiveFailure.
  @Test func aReceivedActionChangedTheStateWithoutAnAssertion() async {
    let issues = await collectIssues {
      let store = makeStore(secondAdds: 1)
      await store.send(.first)
      await store.receive(.second)
    }
    #expect(issues.count == 1)
    #expect(
      issues.first?.message.hasPrefix(
        "The state changed, but the test did not say how. receive(TestStoreFailureTests.Action.second) changed it:"
      ) == true
    )
    #expect(issues.first?.message.contains("− 0\n+ 1") == true)
  }

  /// TCA: testStateChangeFailure.
  @Test func aStateChangeThatDoesNotMatch() async {
    let issues = await collectIssues {
      let store = makeStore(firstAdds: 1)
      await store.send(.first) { $0 = 0 }
      await store.skipReceivedActions()
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.hasPrefix("The state after send(TestStoreFailureTests.Action.first) does not match the assertion:") == true)
  }

  /// TCA: testReceiveUnexpectedActionFailure.
  @Test func receivingAnotherActionThanExpected() async {
    let issues = await collectIssues {
      let store = makeStore(secondAdds: 1)
      await store.send(.first)
      await store.receive(.first)
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.hasPrefix("Received unexpected action") == true)
    #expect(issues.first?.message.contains("− TestStoreFailureTests.Action.first\n+ TestStoreFailureTests.Action.second") == true)
  }

  /// TCA: testModifyClosureThrowsErrorFailure.
  @Test func anAssertionClosureThatThrows() async {
    struct SomeError: Error {}
    let issues = await collectIssues {
      let store = makeStore()
      await store.send(.first) { _ in throw SomeError() }
      await store.skipReceivedActions()
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message == "The assertion closure of send(TestStoreFailureTests.Action.first) threw an error: SomeError()")
  }
}
