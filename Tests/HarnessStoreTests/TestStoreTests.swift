import Foundation
import Harness
import HarnessStore
import HarnessTesting
import Testing

/// Explored: each test runs in 20 seeded interleavings of its jobs, and must pass in every one.
@Suite(.interleavings(20)) struct TestStoreTests {
  let clock = TestClock()

  func makeStore(count: Int = 0) -> TestStore<Counter.State, Counter.Action> {
    TestStore(initialState: Counter.State(count: count)) {
      Counter()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  // MARK: Passing tests pass silently

  @Test func correctAssertionsPass() async {
    let collector = IssueCollector()
    await withIssueReporters([collector]) {
      let store = makeStore()
      await store.send(.incrementTapped) { $0.count = 1 }
      await store.send(.factTapped)
      await store.receive(.factResponse("1 is a number")) { $0.fact = "1 is a number" }
      await store.send(.delayedIncrementTapped)
      await clock.advance(by: .seconds(1))
      await store.receive(.incrementTapped) { $0.count = 2 }
      await store.send(.sendTwice)
      await store.receive(.incrementTapped) { $0.count = 3 }
      await store.receive(.incrementTapped) { $0.count = 4 }
      await store.finish()
    }
    #expect(collector.issues.isEmpty)
  }

  @Test func timerIsDrivenByTheClockAndCancelled() async {
    let store = makeStore()
    await store.send(.timerTapped) { $0.isTimerOn = true }
    await clock.advance(by: .seconds(3))
    await store.receive(.timerTick) { $0.count = 1 }
    await store.receive(.timerTick) { $0.count = 2 }
    await store.receive(.timerTick) { $0.count = 3 }
    await store.send(.stopTimerTapped) { $0.isTimerOn = false }
    await store.finish()
  }

  // MARK: Every failure mode is reported with a message that says what happened

  @Test func stateChangedDifferentlyThanAsserted() async {
    let store = makeStore()
    await withExpectedIssue {
      await store.send(.incrementTapped) { $0.count = 2 }
    } matching: { issue in
      issue.message.contains("The state after send(Counter.Action.incrementTapped) does not match the assertion")
        && issue.message.contains("−   count: 2,")
        && issue.message.contains("+   count: 1,")
        && issue.message.contains("(Expected: −, Actual: +)")
    }
  }

  @Test func stateChangedWithoutAssertion() async {
    let store = makeStore()
    await withExpectedIssue {
      await store.send(.incrementTapped)
    } matching: { issue in
      issue.message.contains("The state changed, but the test did not say how")
        && issue.message.contains("+   count: 1,")
    }
  }

  @Test func assertionGivenButNothingChanged() async {
    let store = makeStore()
    await withExpectedIssue {
      await store.send(.noop) { $0.count = 0 }
    } matching: { $0.message.contains("Expected the state to change, but it did not.") }
  }

  @Test func unreceivedActionBeforeTheNextSend() async {
    let store = makeStore()
    await store.send(.factTapped)
    await withExpectedIssue {
      await store.send(.incrementTapped) { $0.count = 1 }
    } matching: { issue in
      issue.message.contains("The store received 1 unexpected action before sending Counter.Action.incrementTapped")
        && issue.message.contains("Counter.Action.factResponse(\"0 is a number\")")
    }
  }

  @Test func unreceivedActionAtTheEnd() async {
    let store = makeStore()
    await store.send(.factTapped)
    await withExpectedIssue {
      await store.finish()
    } matching: { $0.message.contains("The store received 1 unexpected action by the end of the test") }
  }

  @Test func expectedActionNeverArrives() async {
    let store = makeStore()
    await withExpectedIssue {
      await store.receive(.incrementTapped, timeout: .milliseconds(10))
    } matching: { $0.message.contains("Expected to receive Counter.Action.incrementTapped, but received no action") }
  }

  @Test func anotherActionArrivesThanExpected() async {
    let store = makeStore()
    await store.send(.unchangedWithEffect)
    await withExpectedIssue {
      await store.receive(.incrementTapped)
    } matching: { issue in
      issue.message.contains("Received unexpected action")
        && issue.message.contains("− Counter.Action.incrementTapped")
        && issue.message.contains("+ Counter.Action.noop")
    }
  }

  @Test func effectStillRunningAtTheEndPointsAtItsSend() async {
    let store = makeStore()
    let line: UInt = #line + 1
    await store.send(.delayedIncrementTapped)
    await withExpectedIssue {
      await store.finish(timeout: .milliseconds(10))
    } matching: { issue in
      issue.message.contains("is still running at the end of the test")
        && issue.message.contains("TestClock")
        && issue.location.line == line
    }
  }

  @Test func unhandledEffectErrorIsReportedWithItsOrigin() async {
    let store = makeStore()
    await withExpectedIssue {
      await store.send(.throwingEffect)
    } matching: { issue in
      issue.message.contains("threw an error it did not handle") && issue.message.contains("failed")
        && issue.location.fileID == "HarnessStoreTests/Fixtures.swift"
    }
  }

  @Test func undeclaredDependencyFailsTheTest() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await withExpectedIssue {
      await store.send(.delayedIncrementTapped)
    } matching: { $0.message.hasPrefix("Unimplemented: continuousClock.") }
    // The unimplemented clock then behaves like an immediate one.
    await store.receive(.incrementTapped) { $0.count = 1 }
  }

  // MARK: Receiving by predicate and by case

  @Test func receiveWhereAndByCase() async {
    let store = makeStore()
    await store.send(.factTapped)
    await store.receive(where: { if case .factResponse = $0 { true } else { false } }) {
      $0.fact = "0 is a number"
    }
    await store.send(.factTapped)
    await store.receive(Counter.Action.factResponse)
  }

  // MARK: Non-exhaustive stores

  @Test func nonExhaustiveChecksOnlyWhatIsAsserted() async {
    let store = makeStore()
    store.exhaustivity = .off
    await store.send(.incrementTapped)
    await store.send(.factTapped) { $0.count = 1 }
    await store.receive(.factResponse("1 is a number"))
    await store.send(.sendTwice)
    // The first of the two increments; the second is left unreceived, which is fine here.
    await store.receive(.incrementTapped) { $0.count = 2 }
  }

  @Test func nonExhaustiveStillFailsWrongAssertions() async {
    let store = makeStore()
    store.exhaustivity = .off
    await withExpectedIssue {
      await store.send(.incrementTapped) { $0.count = 5 }
    } matching: { $0.message.contains("does not match the assertion") }
  }

  @Test func showSkippedAssertionsWarns() async {
    let store = makeStore()
    store.exhaustivity = .off(showSkippedAssertions: true)
    await withExpectedIssue {
      await store.send(.incrementTapped)
    } matching: { $0.severity == .warning && $0.message.contains("skipped") }
  }

  /// TCA: testNonExhaustiveSend_PartialExhaustive. What a partial assertion left out is shown.
  @Test func showSkippedAssertionsShowsWhatAPartialAssertionLeftOut() async {
    let store = TestStore(initialState: PartialPair()) {
      Reduce<PartialPair, Bool> { state, _ in
        state.count += 1
        state.isEven.toggle()
        return .none
      }
    }
    store.exhaustivity = .off(showSkippedAssertions: true)
    let issues = await collectIssues {
      await store.send(true) { $0.count = 1 }
    }
    #expect(issues.map(\.severity) == [.warning])
    #expect(issues.first?.message.contains("made that its assertion left out (skipped)") == true)
    #expect(issues.first?.message.contains("−   isEven: true") == true)
    #expect(issues.first?.message.contains("+   isEven: false") == true)
    #expect(issues.first?.message.contains("−   count") == false)
  }

  /// TCA: testSkipReceivedActions_PartialExhaustive. The actions skipped are listed.
  @Test func showSkippedAssertionsListsWhatSkipReceivedActionsSkipped() async {
    let store = makeStore()
    store.exhaustivity = .off(showSkippedAssertions: true)
    let issues = await collectIssues {
      await store.send(.factTapped)
      await store.skipReceivedActions()
    }
    #expect(issues.map(\.severity) == [.warning])
    #expect(issues.first?.message == "Skipped receiving 1 action(s):\n\n  Counter.Action.factResponse(\"0 is a number\")")
  }

  /// An action whose dump takes several lines is one line in a headline, with no stray spaces.
  @Test func headlinesWriteAnActionOnOneLine() async {
    let store = TestStore(initialState: 0) {
      Reduce<Int, Change> { state, action in
        if case let .changed(_, to) = action { state = to }
        return .none
      }
    }
    await withExpectedIssue {
      await store.send(.changed(from: 1, to: 2)) { $0 = 3 }
    } matching: { $0.message.contains(".changed(from: 1, to: 2))") }
  }

  // MARK: Skipping

  @Test func skipReceivedActionsAndInFlightEffects() async {
    let store = makeStore()
    await store.send(.factTapped)
    await store.skipReceivedActions()
    #expect(store.state.fact == "0 is a number")
    await store.send(.timerTapped) { $0.isTimerOn = true }
    await store.skipInFlightEffects()
    await store.finish()
  }

  @Test func skippingNothingIsReportedWhenStrict() async {
    let store = makeStore()
    await withExpectedIssue {
      await store.skipReceivedActions()
    } matching: { $0.message.contains("no received actions to skip") }
    await withExpectedIssue {
      await store.skipInFlightEffects()
    } matching: { $0.message.contains("no in-flight effects to skip") }
  }

  // MARK: Dependencies

  @Test func dependenciesCanChangeBetweenActions() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    store.dependencies.continuousClock = ImmediateClock()
    await store.send(.delayedIncrementTapped)
    await store.receive(.incrementTapped) { $0.count = 1 }
  }
}

/// Two fields one action changes, for partial assertions.
private struct PartialPair: Equatable, Sendable {
  var count = 0
  var isEven = true
}

/// An action with labelled values, which dumps on several lines.
private enum Change: Equatable, Sendable {
  case changed(from: Int, to: Int)
}
