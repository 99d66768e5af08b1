import HarnessDump
import HarnessClocks
import HarnessDependencies
import HarnessIssues

/// Runs a feature under test and fails the test for anything the test did not assert.
///
/// ```swift
/// let clock = TestClock()
/// let store = TestStore(initialState: Todos.State()) {
///   Todos()
/// } withDependencies: {
///   $0.uuid = .incrementing
///   $0.continuousClock = clock
/// }
/// await store.send(.addButtonTapped) { $0.todos = [Todo(id: UUID(0))] }
/// await store.send(.toggleCompleted(id: UUID(0))) { $0.todos[0].isComplete = true }
/// await clock.advance(by: .seconds(1))
/// await store.receive(.sortCompletedTodos)
/// ```
///
/// Exhaustive by default (see ``Exhaustivity``). Each failure is reported at the `send` or
/// `receive` responsible, with a diff of expected (`−`) and actual (`+`) state:
/// - state changed differently than the assertion said, or changed with no assertion given;
/// - an assertion closure was given but nothing changed;
/// - an action from an effect was not received before the next `send` or the end of the test;
/// - an expected action was not received;
/// - an effect was still running at the end of the test (see ``finish(timeout:fileID:filePath:line:column:)``).
///
/// Determinism: effects are tasks the test starts, followed the way `TestClock` follows the
/// test's work (see ``TestWork``). After every `send`, and before every `receive` and check, the
/// store waits until each effect has run as far as it can (finished, or suspended on a clock or
/// an `await`). With a `TestClock` as the clock dependency, time-based effects move only on
/// `advance`, so nothing depends on timing.
public final class TestStore<State: Equatable & Sendable, Action: Sendable>: Sendable {
  struct Received: Sendable {
    var action: Action
    var state: State
  }

  struct Core: Sendable {
    /// The state after every action reduced so far, received ones included.
    var state: State
    /// The state as of the last assertion.
    var asserted: State
    /// Actions from effects, reduced but not yet asserted with `receive`.
    var received: [Received] = []
    var exhaustivity: Exhaustivity = .on
    var timeout: Duration = .seconds(1)
    var isFinished = false
  }

  private let reducer: any Reducer<State, Action>
  private let core: Locked<Core>
  private let scope: Locked<CapturedDependencies>
  /// The test's work as test clocks follow it: effects are tasks started by the test.
  private let work: TestWork
  private let runtime: EffectRuntime<Action>
  /// Fires when an effect sends an action or finishes, for waits with a timeout.
  private let receivedSignal = ChangeSignal()
  /// Where the store was created, for failures at the end of the test.
  private let location: SourceCodeLocation

  /// A test store running `reducer` from `initialState`; `prepareDependencies` overrides the
  /// dependencies the feature uses (the others keep their test values: unimplemented ones fail
  /// the test when used).
  public init<R: Reducer>(
    initialState: State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where R.State == State, R.Action == Action {
    let (reducer, scope) = CapturedDependencies.capture(prepareDependencies, reducer)
    self.reducer = reducer
    self.scope = Locked(scope)
    self.core = Locked(Core(state: initialState, asserted: initialState))
    self.location = SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let box = WeakReference<TestStore>()
    self.work = TestWork()
    self.runtime = EffectRuntime(
      deliverNow: { action, trigger in box.value?.reduceReceived(action, trigger: trigger) },
      deliverLater: { action, trigger in box.value?.reduceReceived(action, trigger: trigger) },
      effectFinished: { box.value?.receivedSignal.signal() }
    )
    box.value = self
  }

  deinit {
    guard !core.withLock({ $0.isFinished }) else { return }
    checkEndOfTest(at: location)
    runtime.cancelAll()
  }

  // MARK: - Configuration

  /// The state as of the last assertion.
  public var state: State { core.withLock { $0.asserted } }

  /// How strictly the store checks the test. Default: `.on`.
  public var exhaustivity: Exhaustivity {
    get { core.withLock { $0.exhaustivity } }
    set { core.withLock { $0.exhaustivity = newValue } }
  }

  /// How long `receive` waits for an action that an effect has not sent yet, when the effect
  /// waits on something outside the store (real I/O, another actor). Default: 1 second.
  public var timeout: Duration {
    get { core.withLock { $0.timeout } }
    set { core.withLock { $0.timeout = newValue } }
  }

  /// The dependencies the feature runs with. Changing them affects the actions sent after.
  public var dependencies: DependencyValues {
    get { scope.withLock { $0.values } }
    set { scope.withLock { $0.values = newValue } }
  }

  // MARK: - Sending

  /// Sends `action` and checks that the state changed exactly as `updateStateToExpectedResult`
  /// describes (no closure: the state must not change).
  public func send(
    _ action: Action,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await settle(at: location)
    checkNoPendingReceivedActions(before: "sending \(dumpOneLine(action))", at: location)

    let currentScope = scope.withLock { $0 }
    let (before, after, effect) = currentScope.run {
      core.withLock { core in
        let before = core.asserted
        let effect = reducer.reduce(into: &core.state, action: action)
        return (before, core.state, effect)
      }
    }
    _ = currentScope.run { runtime.start(effect, trigger: location) }
    await settle(at: location)

    assertState(
      expecting: updateStateToExpectedResult,
      before: before,
      after: after,
      for: "send(\(dumpOneLine(action)))",
      at: location
    )
    core.withLock { $0.asserted = after }
  }

  /// Called for every action an effect sends: reduced at once (so effects it starts run at the
  /// right time), queued for `receive`.
  fileprivate func reduceReceived(_ action: Action, trigger: SourceCodeLocation?) {
    let currentScope = scope.withLock { $0 }
    let effect = currentScope.run {
      core.withLock { core in
        let effect = reducer.reduce(into: &core.state, action: action)
        core.received.append(Received(action: action, state: core.state))
        return effect
      }
    }
    _ = currentScope.run { runtime.start(effect, trigger: trigger) }
    receivedSignal.signal()
  }

  // MARK: - Receiving

  /// Asserts that an effect sent `expectedAction`, and that the state changed as described.
  public func receive(
    _ expectedAction: Action,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: Equatable {
    await receive(
      isolation: isolation,
      described: dumpOneLine(expectedAction),
      timeout: timeout,
      matching: { $0 == expectedAction },
      mismatch: { actual in
        let difference = diff(expectedAction, actual) ?? "  \(dumpOneLine(actual))"
        return "Received unexpected action: …\n\n\(difference)\n\n(Expected: −, Received: +)"
      },
      assert: updateStateToExpectedResult,
      location: SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Asserts that an effect sent an action for which `isMatching` is true.
  public func receive(
    where isMatching: @escaping (Action) -> Bool,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      isolation: isolation,
      described: "an action matching the predicate",
      timeout: timeout,
      matching: isMatching,
      mismatch: { actual in "Received an action that does not match the predicate:\n\n  \(dumpOneLine(actual))" },
      assert: updateStateToExpectedResult,
      location: SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Asserts that an effect sent an action of the case built by `actionCase` (e.g.
  /// `Action.response`), whatever its payload.
  public func receive<Value>(
    _ actionCase: @escaping @Sendable (Value) -> Action,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Value: Sendable {
    let embedding = ActionEmbedding(actionCase)
    await receive(
      isolation: isolation,
      described: "an action of the case \(String(describing: actionCase))",
      timeout: timeout,
      matching: { embedding.extract($0) != nil },
      mismatch: { actual in "Received an action of another case:\n\n  \(dumpOneLine(actual))" },
      assert: updateStateToExpectedResult,
      location: SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  private func receive(
    isolation: isolated (any Actor)?,
    described expected: @autoclosure () -> String,
    timeout: Duration?,
    matching: (Action) -> Bool,
    mismatch: (Action) -> String,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)?,
    location: SourceCodeLocation
  ) async {
    let timeout = timeout ?? self.timeout
    guard await waitForReceivedAction(timeout: timeout, at: location) else {
      let running = runtime.inFlight.count
      fail(
        """
        Expected to receive \(expected()), but received no action within \(timeout).
        \(running == 0 ? "No effect is running." : "\(running) effect(s) still running; if one waits on a clock, advance it before receiving.")
        """,
        at: location
      )
      return
    }
    let exhaustivity = self.exhaustivity
    // Non-exhaustive stores skip received actions until one matches.
    var skipped: [Action] = []
    while true {
      let next = core.withLock { core -> Received? in
        guard !core.received.isEmpty else { return nil }
        return core.received.removeFirst()
      }
      guard let next else {
        fail(
          "Expected to receive \(expected()), but none of the \(skipped.count) received action(s) matched:\n\n"
            + dumpList(skipped),
          at: location
        )
        return
      }
      if matching(next.action) {
        if !skipped.isEmpty, case .off(showSkippedAssertions: true) = exhaustivity {
          warn("Skipped receiving \(skipped.count) action(s):\n\n" + dumpList(skipped), at: location)
        }
        assertState(
          expecting: updateStateToExpectedResult,
          before: core.withLock { $0.asserted },
          after: next.state,
          for: "receive(\(dumpOneLine(next.action)))",
          at: location
        )
        // No settle here: the effects this action started were started when it arrived, and
        // the settle before matching let them run.
        core.withLock { $0.asserted = next.state }
        return
      }
      if exhaustivity == .on {
        fail(mismatch(next.action), at: location)
        core.withLock { $0.asserted = next.state }
        return
      }
      skipped.append(next.action)
      core.withLock { $0.asserted = next.state }
    }
  }

  /// Waits for at least one received action: first until the test's work has settled, then, if
  /// still none, for an action from work the follower cannot see (real I/O), up to `timeout`.
  ///
  /// When nothing can arrive (no effect runs, or every running effect sleeps on a test clock
  /// that only the test can advance) it gives up at once instead of waiting the timeout.
  private func waitForReceivedAction(timeout: Duration, at location: SourceCodeLocation) async -> Bool {
    await settle(at: location)
    if hasReceivedActions { return true }
    if nothingCanArrive { return false }
    guard await receivedSignal.wait(timeout: timeout, until: { [self] in hasReceivedActions }) else { return false }
    // It came from outside the followed work: what its arrival set going (the rest of the
    // effect that sent it, effects it started) runs as far as it can before the test asserts.
    await settle(at: location)
    return true
  }

  /// Whether, the test's work having settled, no effect can send anything without the test
  /// doing something first: none is running, or each is parked in a sleep on a test clock.
  private var nothingCanArrive: Bool {
    guard let tasks = runtime.runningTaskIDs else { return false }
    return tasks.isEmpty || work.areSleepingOnTestClocks(tasks)
  }

  private var hasReceivedActions: Bool { core.withLock { !$0.received.isEmpty } }

  // MARK: - Finishing

  /// Waits for every effect to finish (up to `timeout`), then checks that nothing is left
  /// unasserted: no received action, no running effect.
  public func finish(
    timeout: Duration? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await waitForEffectsToEnd(timeout: timeout ?? self.timeout, at: location)
    checkEndOfTest(at: location)
    core.withLock { $0.isFinished = true }
  }

  /// Accepts every action received so far without asserting on them.
  public func skipReceivedActions(
    strict: Bool = true,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await settle(at: location)
    if acceptReceivedActions().isEmpty, strict {
      fail("There were no received actions to skip. Remove skipReceivedActions(), or pass strict: false.", at: location)
    }
  }

  /// Cancels every running effect, accepting that they did not finish.
  public func skipInFlightEffects(
    strict: Bool = true,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await settle(at: location)
    if runtime.isIdle, strict {
      fail("There were no in-flight effects to skip. Remove skipInFlightEffects(), or pass strict: false.", at: location)
    }
    runtime.cancelAll()
    await waitForEffectsToEnd(timeout: timeout, at: location)
  }

  /// Lets the effects run, then waits up to `timeout` for the last of them to end (one may
  /// wait on something the test's work does not include), then lets what that ended run.
  private func waitForEffectsToEnd(timeout: Duration, at location: SourceCodeLocation) async {
    await settle(at: location)
    // Effects parked on a test clock end only if the test advances it: no use waiting.
    guard !nothingCanArrive else { return }
    _ = await receivedSignal.wait(timeout: timeout) { [self] in runtime.isIdle }
    await settle(at: location)
  }

  /// Takes every received action off the queue as asserted: the asserted state moves to the
  /// state after the last of them. One step, so an action arriving meanwhile is not lost.
  private func acceptReceivedActions() -> [Received] {
    core.withLock { core in
      defer {
        if let last = core.received.last { core.asserted = last.state }
        core.received = []
      }
      return core.received
    }
  }

  /// Waits until every effect has run as far as it can.
  private func settle(at location: SourceCodeLocation) async {
    // With no effect left running, nothing of the store's can be waiting on the main actor.
    await work.settle(at: location, workIsIdle: { [runtime] in runtime.isIdle })
  }

  // MARK: - Checks

  private func assertState(
    expecting updateStateToExpectedResult: ((inout State) throws -> Void)?,
    before: State,
    after actual: State,
    for step: @autoclosure () -> String,
    at location: SourceCodeLocation
  ) {
    let exhaustivity = self.exhaustivity
    if exhaustivity != .on {
      // Only what the assertion changes is checked: apply it to the actual state.
      guard let updateStateToExpectedResult else {
        if case .off(showSkippedAssertions: true) = exhaustivity, let difference = diff(before, actual) {
          warn("State changed without an assertion (skipped):\n\n\(difference)\n\n(Before: −, After: +)", at: location)
        }
        return
      }
      var expected = actual
      do {
        try updateStateToExpectedResult(&expected)
      } catch {
        fail("The assertion closure of \(step()) threw an error: \(error)", at: location)
        return
      }
      if expected != actual {
        fail(stateMismatch(expected: expected, actual: actual, step: step()), at: location)
      }
      return
    }

    var expected = before
    if let updateStateToExpectedResult {
      do {
        try updateStateToExpectedResult(&expected)
      } catch {
        fail("The assertion closure of \(step()) threw an error: \(error)", at: location)
        return
      }
      if expected == before, before == actual {
        fail(
          """
          Expected the state to change, but it did not.

          The assertion closure of \(step()) made no change to the state. If no change is expected, \
          leave the closure out.
          """,
          at: location
        )
        return
      }
    }
    guard expected != actual else { return }
    if updateStateToExpectedResult == nil {
      fail(
        """
        The state changed, but the test did not say how. \(step()) changed it:

        \(diff(expected, actual) ?? "")

        (Expected: −, Actual: +)

        Add a trailing closure that makes the same change, e.g. \
        `await store.send(…) { $0.field = newValue }`.
        """,
        at: location
      )
    } else {
      fail(stateMismatch(expected: expected, actual: actual, step: step()), at: location)
    }
  }

  private func stateMismatch(expected: State, actual: State, step: @autoclosure () -> String) -> String {
    """
    The state after \(step()) does not match the assertion:

    \(diff(expected, actual) ?? "")

    (Expected: −, Actual: +)
    """
  }

  private func checkNoPendingReceivedActions(before step: @autoclosure () -> String, at location: SourceCodeLocation) {
    guard exhaustivity == .on else { return }
    let pending = acceptReceivedActions()
    guard !pending.isEmpty else { return }
    fail(
      """
      The store received \(pending.count) unexpected action\(pending.count == 1 ? "" : "s") before \(step()):

      \(dumpList(pending.map(\.action)))

      Receive them with `await store.receive(…)` before sending, or skip them with \
      `await store.skipReceivedActions()`.
      """,
      at: location
    )
  }

  private func checkEndOfTest(at location: SourceCodeLocation) {
    let (exhaustivity, pending) = core.withLock { ($0.exhaustivity, $0.received) }
    let running = runtime.inFlight
    guard exhaustivity == .on else {
      if case .off(showSkippedAssertions: true) = exhaustivity, !pending.isEmpty || !running.isEmpty {
        warn(
          "Skipped at the end of the test: \(pending.count) received action(s), \(running.count) running effect(s).",
          at: location
        )
      }
      return
    }
    if !pending.isEmpty {
      fail(
        """
        The store received \(pending.count) unexpected action\(pending.count == 1 ? "" : "s") by the end of the test:

        \(dumpList(pending.map(\.action)))

        Receive them with `await store.receive(…)`, or skip them with `await store.skipReceivedActions()`.
        """,
        at: location
      )
    }
    for effect in running {
      let origin = effect.origin.map { " (created at \($0.fileID):\($0.line))" } ?? ""
      fail(
        """
        An effect\(origin) started by this action is still running at the end of the test.

        Every effect must finish before a test ends. Depending on what it waits for:
        • a clock: use a TestClock and advance it past the effect's sleeps, or an ImmediateClock;
        • a long-living stream or timer: make it `.cancellable(id:)` and send the action that \
        returns `.cancel(id:)`;
        • async work that needs a moment: call `await store.finish()` at the end of the test;
        • work this test does not care about: call `await store.skipInFlightEffects()`.
        """,
        at: effect.trigger ?? location
      )
    }
  }

  private func fail(_ message: String, at location: SourceCodeLocation) {
    HarnessIssues.reportIssue(ReportedIssue(message: message, location: location))
  }

  private func warn(_ message: String, at location: SourceCodeLocation) {
    HarnessIssues.reportIssue(ReportedIssue(message: message, severity: .warning, location: location))
  }
}

/// An action as one line, for headlines.
func dumpOneLine(_ value: Any) -> String {
  let text = String(customDumping: value)
  guard text.contains("\n") else { return text }
  return text.split(separator: "\n").map { $0.trimmingPrefix(while: \.isWhitespace) }.joined(separator: " ")
}

/// Actions as an indented list.
func dumpList(_ actions: [some Any]) -> String {
  actions.map { action in
    String(customDumping: action).split(separator: "\n", omittingEmptySubsequences: false)
      .map { "  " + $0 }.joined(separator: "\n")
  }.joined(separator: "\n")
}
