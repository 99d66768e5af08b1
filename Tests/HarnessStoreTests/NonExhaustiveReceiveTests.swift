import Foundation
import Harness
import HarnessRuntime
import HarnessStore
import HarnessTesting
import Testing

/// TCA's `TestStoreNonExhaustiveTests` about receiving (by value, by case, by predicate, with a
/// timeout), ported: what a non-exhaustive `receive` skips, what it reports, and how often.
///
/// Explored: each test runs in 20 seeded interleavings of its jobs, and must pass in every one.
@Suite(.interleavings(20)) struct NonExhaustiveReceiveTests {
  func makeStore(_ exhaustivity: Exhaustivity) -> TestStoreOf<TwoResponses> {
    let store = TestStore(initialState: TwoResponses.State()) { TwoResponses() }
    store.exhaustivity = exhaustivity
    return store
  }

  /// TCA: testReceive_StateChange.
  @Test func receiveChecksOnlyWhatTheAssertionChanges() async {
    let issues = await collectIssues {
      let store = makeStore(.off(showSkippedAssertions: true))
      await store.send(.onAppear)
      #expect(store.state == TwoResponses.State(count: 0, int: 0, string: ""))
      await store.receive(.response1(42)) { $0.int = 42 }
      #expect(store.state == TwoResponses.State(count: 1, int: 42, string: ""))
      await store.receive(.response2("Hello")) { $0.string = "Hello" }
      #expect(store.state == TwoResponses.State(count: 2, int: 42, string: "Hello"))
    }
    // What each assertion left out, shown (TCA's comments: "Ignored state change: count = 1").
    #expect(issues.map(\.severity) == [.warning, .warning])
    #expect(
      issues.first?.message.hasPrefix(
        "State changes receive(TwoResponses.Action.response1(42)) made that its assertion left out (skipped):") == true)
    #expect(issues.first?.message.contains("−   count: 0,\n+   count: 1,") == true)
    #expect(issues.last?.message.contains("−   count: 1,\n+   count: 2,") == true)
  }

  /// TCA: testReceive_SkipAction.
  @Test func receiveSkipsTheActionsBeforeTheMatchingOne() async {
    let issues = await collectIssues {
      let store = makeStore(.off(showSkippedAssertions: true))
      await store.send(.onAppear)
      await store.receive(.response2("Hello")) {
        $0.count = 2
        $0.string = "Hello"
      }
      #expect(store.state == TwoResponses.State(count: 2, int: 42, string: "Hello"))
    }
    #expect(issues.map(\.severity) == [.warning])
    #expect(issues.first?.message == "Skipped receiving 1 action(s):\n\n  TwoResponses.Action.response1(42)")
  }

  /// TCA: testSendWithUnreceivedAction.
  @Test func sendSkipsTheUnreceivedActions() async {
    let issues = await collectIssues {
      let store = makeStore(.off)
      await store.send(.onAppear)
      await store.send(.onAppear)
      await store.finish()
    }
    #expect(issues.isEmpty)
  }

  /// TCA: testSendWithUnreceivedActions_SkipsActions.
  @Test func sendAcceptsTheUnreceivedActionsState() async {
    enum Action: Equatable, Sendable { case tap, response(Int) }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .tap:
          state += 1
          return .run { [state] send in await send(.response(state + 42)) }
        case let .response(number):
          state = number
          return .none
        }
      }
    }
    store.exhaustivity = .off
    await store.send(.tap)
    #expect(store.state == 1)
    // The unreceived `.response(43)` is skipped: the tap starts from 43.
    await store.send(.tap)
    #expect(store.state == 44)
    await store.skipReceivedActions()
    #expect(store.state == 86)
  }

  /// TCA: testCasePathReceive_PartialExhaustive, _NonExhaustive, _Exhaustive.
  @Test(arguments: [Exhaustivity.off(showSkippedAssertions: true), .off, .on])
  func receiveByCase(_ exhaustivity: Exhaustivity) async {
    let issues = await collectIssues {
      let store = makeStore(exhaustivity)
      await store.send(.onAppear)
      if exhaustivity == .on {
        await store.receive(TwoResponses.Action.response1) {
          $0.count = 1
          $0.int = 42
        }
        await store.receive(TwoResponses.Action.response2) {
          $0.count = 2
          $0.string = "Hello"
        }
      } else {
        await store.receive(TwoResponses.Action.response1) { $0.int = 42 }
        await store.receive(TwoResponses.Action.response2) { $0.string = "Hello" }
      }
    }
    if case .off(showSkippedAssertions: true) = exhaustivity {
      // The count each assertion left out.
      #expect(issues.map(\.severity) == [.warning, .warning])
      #expect(issues.allSatisfy { $0.message.contains("made that its assertion left out (skipped)") })
    } else {
      #expect(issues.isEmpty)
    }
  }

  /// TCA: testCasePathReceive_Exhaustive_NonEquatable, testPredicateReceive_Exhaustive_NonEquatable.
  @Test func receiveByCaseAndByPredicateWithoutEquatableActions() async {
    struct NonEquatable: Sendable {}
    enum Action: Sendable { case tap, response(NonEquatable) }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { _, action in
        switch action {
        case .tap: .send(.response(NonEquatable()))
        case .response: .none
        }
      }
    }
    await store.send(.tap)
    await store.receive(Action.response)
    await store.send(.tap)
    await store.receive(where: { if case .response = $0 { true } else { false } })
  }

  /// TCA: testCasePathReceive_SkipReceivedAction.
  @Test func receiveByCaseSkipsTheActionsBeforeTheMatchingOne() async {
    let issues = await collectIssues {
      let store = makeStore(.off(showSkippedAssertions: true))
      await store.send(.onAppear)
      await store.receive(TwoResponses.Action.response2) { $0.string = "Hello" }
    }
    // The action skipped, then the count the assertion left out.
    #expect(issues.map(\.severity) == [.warning, .warning])
    #expect(issues.first?.message.hasPrefix("Skipped receiving 1 action(s)") == true)
    #expect(issues.last?.message.contains("−   count: 1,\n+   count: 2,") == true)
  }

  /// TCA: testCasePathReceive_WrongAction (`.onAppear` has no payload: by predicate here). One
  /// failure, and the received actions stay queued for the `receive`s after it.
  @Test func receivingAnActionThatNeverCameFailsOnceAndSkipsNothing() async {
    let issues = await collectIssues {
      let store = makeStore(.off(showSkippedAssertions: true))
      await store.send(.onAppear)
      await store.receive(where: { $0 == .onAppear })
      await store.receive(TwoResponses.Action.response1)
      await store.receive(TwoResponses.Action.response2)
    }
    // Besides the failure, warnings only: the state changes the receives did not assert.
    let failures = issues.filter { $0.severity == .error }
    #expect(issues.filter { $0.severity == .warning }.allSatisfy { $0.message.hasPrefix("State changed without an assertion (skipped)") })
    #expect(failures.count == 1)
    #expect(
      failures.first?.message.hasPrefix(
        """
        Expected to receive an action matching the predicate, but received no matching action.
        None of the 2 received action(s) matched:

          TwoResponses.Action.response1(42)
          TwoResponses.Action.response2("Hello")

        No effect is running, so none can arrive: nothing was waited for.
        """
      ) == true
    )
  }

  /// TCA: testCasePathReceive_ReceivedExtraAction.
  @Test func receivingTheSameCaseTwiceWhenItCameOnceFailsOnce() async {
    let issues = await collectIssues {
      let store = makeStore(.off(showSkippedAssertions: true))
      await store.send(.onAppear)
      await store.receive(TwoResponses.Action.response2)
      await store.receive(TwoResponses.Action.response2)
    }
    // Besides the failure, warnings only: the skipped `.response1`, the unasserted change.
    let failures = issues.filter { $0.severity == .error }
    #expect(issues.filter { $0.severity == .warning }.allSatisfy { $0.message.contains("kipped") })
    #expect(failures.count == 1)
    #expect(failures.first?.message.hasPrefix("Expected to receive an action of the case .response2, but received no action") == true)
  }

  /// Like TCA's case-and-value receive: a non-exhaustive store skips the case's actions with
  /// another payload too.
  @Test func receiveByCaseAndPayloadSkipsOtherPayloads() async {
    let issues = await collectIssues {
      let store = makeStore(.off)
      await store.send(.onAppear)
      await store.receive(TwoResponses.Action.response2, "Hello") { $0.string = "Hello" }
    }
    #expect(issues.isEmpty)

    let missing = await collectIssues {
      let store = makeStore(.off)
      await store.send(.onAppear)
      await store.receive(TwoResponses.Action.response1, 7)
      // Nothing was skipped by the failed receive.
      await store.receive(TwoResponses.Action.response1, 42)
    }
    #expect(missing.count == 1)
    #expect(missing.first?.message.hasPrefix("Expected to receive TwoResponses.Action.response1(7), but received no matching action") == true)
  }

  /// Exhaustive: the next action must match; when the expected one came after it, the failure
  /// says so.
  @Test func anExhaustiveMismatchSaysWhenTheExpectedActionCameLater() async {
    let issues = await collectIssues {
      let store = makeStore(.on)
      await store.send(.onAppear)
      await store.receive(.response2("Hello")) { $0.count = 1 }
      await store.receive(.response2("Hello")) {
        $0.count = 2
        $0.string = "Hello"
      }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.hasPrefix("Received unexpected action") == true)
    #expect(issues.first?.message.hasSuffix("The expected action was received later: receive the actions before it first (or skip them).") == true)
  }
}

/// TCA's non-exhaustive receive tests whose effects wait real time (not explored: a failing one
/// waits its whole timeout).
@Suite struct NonExhaustiveReceiveTimeoutTests {
  enum Action: Equatable, Sendable { case tap, response1, response2 }

  /// An effect sending `first`, then `second`, each after 10 ms of real time.
  func makeStore(sending first: Action, then second: Action) -> TestStore<Int, Action> {
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { _, action in
        guard action == .tap else { return .none }
        return .run { send in
          try await Task.sleep(for: .milliseconds(10))
          await send(first)
          try await Task.sleep(for: .milliseconds(10))
          await send(second)
        }
      }
    }
    store.exhaustivity = .off
    return store
  }

  /// TCA: testReceiveNonExhaustiveWithTimeout. (A long timeout: it costs nothing once the
  /// action arrives, and a loaded machine may take longer than 1 s to wake the effect.)
  ///
  /// Not under ThreadSanitizer: in the full suite there (never alone, nor with the Store tests
  /// only), the wake-up of the effect's second real sleep did not come within 60 s, 3 runs of 3,
  /// though the world had scheduled it; under investigation (see DESIGN.md's known limits).
  @Test(.disabled(if: Patience.sanitizerSlowdown > 1, "a real sleep's wake-up is lost in the full ThreadSanitizer run"))
  func receiveWaitsPastNonMatchingActions() async {
    let store = makeStore(sending: .response1, then: .response2)
    await store.send(.tap)
    await store.receive(.response2, timeout: .seconds(60))
  }

  /// TCA: testReceiveNonExhaustiveWithTimeoutMultipleNonMatching: one failure, after the timeout.
  /// (Its effect's real sleep is also warned about: `receive` waited on real time.)
  @Test func receiveFailsOnceWhenOnlyNonMatchingActionsCome() async {
    let issues = await collectIssues {
      let store = makeStore(sending: .response1, then: .response1)
      await store.send(.tap)
      await store.receive(.response2, timeout: .seconds(1))
    }.filter { $0.severity == .error }
    #expect(issues.count == 1)
    #expect(
      issues.first?.message.hasPrefix(
        "Expected to receive NonExhaustiveReceiveTimeoutTests.Action.response2, but received no"
      ) == true
    )
  }

  /// TCA: testReceiveNonExhaustiveWithTimeoutMultipleMatching.
  @Test func receiveTwiceWhenTheActionComesTwice() async {
    let issues = await collectIssues {
      let store = makeStore(sending: .response2, then: .response2)
      await store.send(.tap)
      await store.receive(.response2, timeout: .seconds(60))
      await store.receive(.response2, timeout: .seconds(60))
    }
    #expect(issues.filter { $0.severity == .error }.isEmpty)
  }
}
