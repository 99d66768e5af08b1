import HarnessDump
import HarnessClocks
import HarnessDependencies
import HarnessIssues

/// Runs a feature under test and fails the test for anything the test did not assert.
///
/// ```swift
/// struct Counter: Reducer {
///   struct State: Equatable { var count = 0 }
///   enum Action: Equatable { case incrementButtonTapped, delayedIncrementButtonTapped }
///   @Dependency(\.continuousClock) var clock
///
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     switch action {
///     case .incrementButtonTapped:
///       state.count += 1
///       return .none
///     case .delayedIncrementButtonTapped:
///       return .run { send in
///         try await clock.sleep(for: .seconds(1))
///         await send(.incrementButtonTapped)
///       }
///     }
///   }
/// }
///
/// @Test func delayedIncrement() async {
///   let clock = TestClock()
///   let store = TestStore(initialState: Counter.State()) {
///     Counter()
///   } withDependencies: {
///     $0.continuousClock = clock
///   }
///   await store.send(.incrementButtonTapped) { $0.count = 1 }
///   await store.send(.delayedIncrementButtonTapped)
///   await clock.advance(by: .seconds(1))
///   await store.receive(.incrementButtonTapped) { $0.count = 2 }
/// }
/// ```
///
/// Exhaustive by default (see ``Exhaustivity``). Each failure is reported at the `send` or
/// `receive` responsible, with a diff of expected (`−`) and actual (`+`) state:
/// - state changed differently than the assertion said, or changed with no assertion given;
/// - an assertion closure was given but nothing changed;
/// - an action from an effect was not received before the next `send` or the end of the test;
/// - an expected action was not received;
/// - an effect was still running at the end of the test (see ``finish(timeout:isolation:fileID:filePath:line:column:)``).
///
/// Determinism: effects are tasks the test starts, followed the way `TestClock` follows the
/// test's work (see `TestWork` in HarnessClocks). After every `send`, and before every `receive` and check, the
/// store waits until each effect has run as far as it can (finished, or suspended on a clock or
/// an `await`). With a `TestClock` as the clock dependency, time-based effects move only on
/// `advance`, so nothing depends on timing.
///
/// The hot path (`send`, `receive` of an action, the checks they make, and `StoreCore`
/// beneath) is `@inlinable`, so a test module compiled with optimization specializes it for
/// its feature's `State` and `Action` instead of looking generic metadata up at every step.
public final class TestStore<State: Equatable & Sendable, Action: Sendable>: Sendable {
  @usableFromInline
  struct Received: Sendable {
    @usableFromInline var action: Action
    @usableFromInline var state: State
    /// Set when the action was reported as unreceived before a send, which it stays queued
    /// past: the state right before it, which its `receive` checks against (the asserted state
    /// has moved on since). Such an action is not reported again.
    @usableFromInline var reportedBefore: State?

    @inlinable
    init(action: Action, state: State, reportedBefore: State?) {
      self.action = action
      self.state = state
      self.reportedBefore = reportedBefore
    }
  }

  @usableFromInline
  struct Core: Sendable {
    /// The state as of the last assertion.
    @usableFromInline var asserted: State
    /// Actions from effects, reduced but not yet asserted with `receive`.
    @usableFromInline var received: [Received] = []
    @usableFromInline var exhaustivity: Exhaustivity = .on
    @usableFromInline var timeout: Duration = .seconds(1)
    @usableFromInline var isFinished = false
    /// Effects a failed `receive` already named as the reason nothing arrived (parked on a test
    /// clock): not reported again as running at the end of the test.
    @usableFromInline var blamed: [EffectLifecycle] = []

    @inlinable
    init(asserted: State) { self.asserted = asserted }

    /// Takes `received` as asserted: the asserted state moves to the state after it, unless it
    /// was reported before a send (the asserted state is already past it).
    @inlinable
    mutating func accept(_ received: Received) {
      if received.reportedBefore == nil { asserted = received.state }
    }

    /// Marks the received actions not reported yet as reported, each with the state before it,
    /// and returns them. They arrived after the last assertion, in order.
    @inlinable
    mutating func reportUnreceived() -> [Action] {
      var reported: [Action] = []
      var before = asserted
      for index in received.indices where received[index].reportedBefore == nil {
        received[index].reportedBefore = before
        before = received[index].state
        reported.append(received[index].action)
      }
      return reported
    }
  }

  @usableFromInline let core: Locked<Core>
  /// Reduces actions in order, the test's and its effects' (shared with ``Store``).
  @usableFromInline let store: StoreCore<State, Action>
  /// The test's work as test clocks follow it: effects are tasks started by the test.
  @usableFromInline let work: TestWork
  /// Fires when an effect sends an action or finishes, for waits with a timeout.
  @usableFromInline let receivedSignal: ChangeSignal
  /// Where the store was created, for failures at the end of the test.
  @usableFromInline let location: SourceCodeLocation

  /// A test store running `reducer` from `initialState`; `prepareDependencies` overrides the
  /// dependencies the feature uses (the others keep their test values: unimplemented ones fail
  /// the test when used). The reducer, the initial state and every assertion closure are built
  /// and run with these dependencies.
  @inlinable
  public init<R: Reducer>(
    initialState: @autoclosure () -> State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where R.State == State, R.Action == Action {
    let (reducer, initialState, dependencies) = withDependencies(
      prepareDependencies, operation: { (reducer(), initialState(), DependencyValues.current) },
      fileID: fileID, filePath: filePath, line: line, column: column)
    let core = Locked(Core(asserted: initialState))
    let signal = ChangeSignal()
    self.core = core
    self.receivedSignal = signal
    self.location = SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let work = makeTestWork()
    self.work = work
    self.store = StoreCore(
      initialState: initialState,
      reducer: reducer,
      dependencies: dependencies,
      didReduce: { reduced in
        // Actions from effects are queued for `receive`, with the state right after each.
        guard case .effect = reduced.source else { return }
        core.withLock { $0.received.append(Received(action: reduced.action, state: reduced.state, reportedBefore: nil)) }
        signal.signal()
      },
      effectFinished: { signal.signal() },
      effectExecutor: testWorkExecutor(work)
    )
  }

  deinit {
    guard !core.withLock({ $0.isFinished }) else { return }
    checkEndOfTest(at: location)
    store.runtime.cancelAll()
  }

  @inlinable
  var runtime: EffectRuntime<Action> { store.runtime }

  // MARK: - Configuration

  /// The state as of the last assertion.
  @inlinable
  public var state: State { core.withLock { $0.asserted } }

  /// How strictly the store checks the test. Default: `.on`.
  @inlinable
  public var exhaustivity: Exhaustivity {
    get { core.withLock { $0.exhaustivity } }
    set { core.withLock { $0.exhaustivity = newValue } }
  }

  /// How long `receive` waits for an action that an effect has not sent yet, when the effect
  /// waits on something outside the store (real I/O, another actor). Default: 1 second.
  @inlinable
  public var timeout: Duration {
    get { core.withLock { $0.timeout } }
    set { core.withLock { $0.timeout = newValue } }
  }

  /// The dependencies the feature runs with. Changing them affects the actions sent after.
  @inlinable
  public var dependencies: DependencyValues {
    get { store.dependencies }
    set { store.dependencies = newValue }
  }

  /// Runs `operation` with the store's exhaustivity set to `exhaustivity`, then restores it.
  ///
  /// <!-- fragment: store and clock as in the TestStore example -->
  /// ```swift
  /// await store.withExhaustivity(.off) {
  ///   await store.send(.delayedIncrementButtonTapped)
  ///   await clock.advance(by: .seconds(1))
  ///   await store.receive(.incrementButtonTapped) { $0.count = 1 }
  /// }
  /// ```
  public func withExhaustivity<R>(
    _ exhaustivity: Exhaustivity,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> R
  ) async rethrows -> R {
    let previous = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { self.exhaustivity = previous }
    return try await operation()
  }

  /// Runs `operation` with the store's exhaustivity set to `exhaustivity`, then restores it.
  public func withExhaustivity<R>(_ exhaustivity: Exhaustivity, operation: () throws -> R) rethrows -> R {
    let previous = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { self.exhaustivity = previous }
    return try operation()
  }

  // MARK: - Sending

  /// Sends `action` and checks that the state changed exactly as `updateStateToExpectedResult`
  /// describes (no closure: the state must not change). The returned task waits for or cancels
  /// the effects this action started.
  @inlinable
  @discardableResult
  public func send(
    _ action: Action,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    let location = SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await settle(at: location)
    checkNoPendingReceivedActions(before: "sending \(dumpOneLine(action))", at: location)

    // Unreceived actions stay queued (exhaustive): the send starts from the state after them.
    let before = core.withLock { $0.received.last?.state ?? $0.asserted }
    let lineage = SendLineage()
    let (after, tasks) = await store.sendAndWait(action, from: .caller(location), lineage: lineage)
    await settle(at: location)

    assertState(
      expecting: updateStateToExpectedResult,
      before: before,
      after: after,
      for: "send(\(dumpOneLine(action)))",
      at: location
    )
    core.withLock { $0.asserted = after }
    return TestStoreTask(tasks: tasks, lineage: lineage, store: self)
  }

  /// Sends the action of the case `actionCase` with `value`: `store.send(Action.setText, "Hi")`.
  @discardableResult
  public func send<Value>(
    _ actionCase: (Value) -> Action,
    _ value: Value,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    await send(
      actionCase(value),
      assert: updateStateToExpectedResult,
      isolation: isolation,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }

  /// Checks the state without sending anything: `updateStateToExpectedResult` changes the state
  /// as of the last assertion into what it must be now (for state changed by received actions
  /// that a non-exhaustive test skipped, for example). In an exhaustive test every change is
  /// asserted already, so the closure restates the state (`{ $0.count = 1 }`), which passes if
  /// it is the state, as TCA's `assert` does.
  public func assert(
    _ updateStateToExpectedResult: (inout State) throws -> Void,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await settle(at: location)
    let before = core.withLock { $0.asserted }
    // Exhaustive: the state as of the last assertion; otherwise the newest state.
    let actual = exhaustivity == .on ? before : store.state
    let expected: State
    do {
      expected = try applying(updateStateToExpectedResult, to: before)
    } catch {
      fail("The assertion closure of assert threw an error: \(error)", at: location)
      return
    }
    // No "made no change" failure, unlike `send` and `receive`: exhaustive, the state as of the
    // last assertion already holds every change, so restating it is all `assert` can do (as
    // TCA's `assert`).
    if expected != actual {
      fail(DifferenceReport.message(headline: "The state does not match the assertion:", expected: expected, actual: actual), at: location)
    }
    if exhaustivity != .on { _ = acceptReceivedActions() }
  }

  // MARK: - Receiving

  /// Asserts that an effect sent `expectedAction`, and that the state changed as described.
  @inlinable
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
    await receive(
      ActionEmbedding(actionCase, fileID: fileID, filePath: filePath, line: line, column: column),
      described: nil,
      payload: { _ in nil },
      timeout: timeout,
      assert: updateStateToExpectedResult,
      isolation: isolation,
      location: SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Asserts that an effect sent the action of the case `actionCase` with the payload `value`:
  /// `await store.receive(Action.response, "42 is a number")`.
  public func receive<Value>(
    _ actionCase: @escaping @Sendable (Value) -> Action,
    _ value: Value,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Value: Equatable & Sendable {
    await receive(
      ActionEmbedding(actionCase, fileID: fileID, filePath: filePath, line: line, column: column),
      described: dumpOneLine(actionCase(value)),
      payload: { actual in
        actual == value
          ? nil
          : DifferenceReport.message(headline: "Received the case with another payload:", expected: value, actual: actual)
      },
      timeout: timeout,
      assert: updateStateToExpectedResult,
      isolation: isolation,
      location: SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Asserts that an effect sent an action that `embedding` extracts a child action from.
  public func receive<Child>(
    _ embedding: ActionEmbedding<Action, Child>,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      embedding,
      described: nil,
      payload: { _ in nil },
      timeout: timeout,
      assert: updateStateToExpectedResult,
      isolation: isolation,
      location: SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Receives an action of the case `embedding` extracts, whose payload `payloadMismatch`
  /// accepts (returns no failure for): a non-exhaustive store skips the case's actions with
  /// other payloads too. `described` names the expected action (default: its case).
  private func receive<Child>(
    _ embedding: ActionEmbedding<Action, Child>,
    described: String?,
    payload payloadMismatch: @escaping (Child) -> String?,
    timeout: Duration?,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)?,
    isolation: isolated (any Actor)?,
    location: SourceCodeLocation
  ) async {
    let expected = described ?? CaseDescription.of(embedding)
    await receive(
      isolation: isolation,
      described: expected,
      timeout: timeout,
      matching: { action in embedding.extract(action).map { payloadMismatch($0) == nil } ?? false },
      mismatch: { actual in
        if let child = embedding.extract(actual), let failure = payloadMismatch(child) { return failure }
        return "Expected \(expected), but received another action:\n\n  \(dumpOneLine(actual))"
      },
      assert: updateStateToExpectedResult,
      location: location
    )
  }

  @inlinable
  func receive(
    isolation: isolated (any Actor)?,
    described expected: @autoclosure () -> String,
    timeout: Duration?,
    matching: (Action) -> Bool,
    mismatch: (Action) -> String,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)?,
    location: SourceCodeLocation
  ) async {
    let timeout = timeout ?? self.timeout
    let exhaustivity = self.exhaustivity
    // Exhaustive: the next received action must match. Non-exhaustive: wait (up to the
    // timeout) until one matches, then skip those before it.
    let wait = await waitForReceivedAction(timeout: timeout, at: location) { received in
      exhaustivity == .on ? !received.isEmpty : received.contains { matching($0.action) }
    }
    guard wait == .ready else {
      reportNothingReceived(wait, expected: expected(), timeout: timeout, at: location)
      return
    }
    let (next, skipped, before, matchesLater) = core.withLock { core -> (Received, [Action], State, Bool) in
      var skipped: [Action] = []
      if exhaustivity != .on {
        while let first = core.received.first, !matching(first.action) {
          skipped.append(first.action)
          core.accept(first)
          core.received.removeFirst()
        }
      }
      let next = core.received.removeFirst()
      return (next, skipped, next.reportedBefore ?? core.asserted, core.received.contains { matching($0.action) })
    }
    if !skipped.isEmpty, case .off(showSkippedAssertions: true) = exhaustivity {
      warnSkippedReceiving(skipped, at: location)
    }
    guard matching(next.action) else {
      let later =
        matchesLater
        ? "\n\nThe expected action was received later: receive the actions before it first (or skip them)."
        : ""
      fail(mismatch(next.action) + later, at: location)
      core.withLock { $0.accept(next) }
      return
    }
    assertState(
      expecting: updateStateToExpectedResult,
      before: before,
      after: next.state,
      for: "receive(\(dumpOneLine(next.action)))",
      at: location
    )
    // No settle here: the effects this action started were started when it arrived, and
    // the settle before matching let them run.
    core.withLock { $0.accept(next) }
  }

  /// A `receive` found nothing to match: says why (a wait of `timeout`, or none at all because
  /// nothing could arrive) and blames the effects parked on a test clock.
  @usableFromInline
  func reportNothingReceived(_ wait: ReceiveWait, expected: String, timeout: Duration, at location: SourceCodeLocation) {
    let inFlight = runtime.inFlight
    let running = inFlight.count
    // Parked on a test clock, these effects are what the failure is about: the end of the
    // test does not report them again (one forgotten `advance`, one issue).
    let skipped = core.withLock { core in
      if wait == .nothingCanArrive { core.blamed += inFlight.map(\.lifecycle) }
      return core.received.map(\.action)
    }
    let unmatched =
      skipped.isEmpty ? "" : "\nNone of the \(skipped.count) received action(s) matched:\n\n\(dumpList(skipped))\n"
    let received = "Expected to receive \(expected), but received no \(skipped.isEmpty ? "" : "matching ")action"
    // Say what happened: a wait of `timeout`, or none at all because nothing could arrive.
    let message =
      switch (wait, running) {
      case (.timedOut, 0): "\(received) within \(timeout).\(unmatched)\nNo effect is running."
      case (.timedOut, _):
        "\(received) within \(timeout).\(unmatched)\n\(running) effect(s) still running; if one waits on a clock, advance it before receiving."
      case (_, 0): "\(received).\(unmatched)\nNo effect is running, so none can arrive: nothing was waited for."
      case (_, 1):
        """
        \(received).\(unmatched)
        The running effect sleeps on a test clock that was not advanced, so nothing can arrive \
        until it is: nothing was waited for. Advance the clock (`await clock.advance(by: …)`) \
        before receiving.
        """
      default:
        """
        \(received).\(unmatched)
        The \(running) running effects sleep on a test clock that was not advanced, so nothing \
        can arrive until it is: nothing was waited for. Advance the clock \
        (`await clock.advance(by: …)`) before receiving.
        """
      }
    fail(message, at: location)
  }

  /// Waits until the received actions satisfy `isReady`: first until the test's work has
  /// settled, then, if still not, for actions from work the follower cannot see (real I/O), up
  /// to `timeout`.
  ///
  /// When nothing can arrive (no effect runs, or every running effect sleeps on a test clock
  /// that only the test can advance) it gives up at once instead of waiting the timeout.
  @inlinable
  func waitForReceivedAction(
    timeout: Duration,
    at location: SourceCodeLocation,
    isolation: isolated (any Actor)? = #isolation,
    until isReady: ([Received]) -> Bool
  ) async -> ReceiveWait {
    await settle(at: location)
    func ready() -> Bool { core.withLock { isReady($0.received) } }
    if ready() { return .ready }
    if nothingCanArrive { return .nothingCanArrive }
    guard await receivedSignal.wait(timeout: timeout, until: ready) else { return .timedOut }
    // It came from outside the followed work: what its arrival set going (the rest of the
    // effect that sent it, effects it started) runs as far as it can before the test asserts.
    await settle(at: location)
    return .ready
  }

  /// How a wait for a received action ended.
  @usableFromInline
  enum ReceiveWait {
    case ready
    /// Given up at once: nothing could arrive without the test doing something first.
    case nothingCanArrive
    /// Nothing arrived within the timeout.
    case timedOut
  }

  /// Whether, the test's work having settled, no effect can send anything without the test
  /// doing something first: none is running, or each is parked in a sleep on a test clock.
  @usableFromInline
  var nothingCanArrive: Bool {
    guard let tasks = runtime.runningTaskIDs else { return false }
    return tasks.isEmpty || work.areSleepingOnTestClocks(tasks)
  }

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
    let skipped = acceptReceivedActions()
    if skipped.isEmpty, strict {
      fail("There were no received actions to skip. Remove skipReceivedActions(), or pass strict: false.", at: location)
    } else if !skipped.isEmpty, case .off(showSkippedAssertions: true) = exhaustivity {
      warnSkippedReceiving(skipped.map(\.action), at: location)
    }
  }

  /// Stops expecting the running effects to finish: they keep running (a later `receive` of
  /// an action they send still works), but the end of the test no longer fails for them.
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
    let running = runtime.inFlight
    if running.isEmpty, strict {
      fail("There were no in-flight effects to skip. Remove skipInFlightEffects(), or pass strict: false.", at: location)
    } else if !running.isEmpty, case .off(showSkippedAssertions: true) = exhaustivity {
      warn("Skipped \(running.count) in-flight effect(s).", at: location)
    }
    runtime.untrackAll()
  }

  /// Lets the effects run, then waits up to `timeout` for the last of them to end (one may
  /// wait on something the test's work does not include), then lets what that ended run.
  private func waitForEffectsToEnd(timeout: Duration, at location: SourceCodeLocation) async {
    await settle(at: location)
    // Effects parked on a test clock end only if the test advances it: no use waiting.
    guard !nothingCanArrive else { return }
    _ = await receivedSignal.wait(timeout: timeout) { runtime.isTrackedIdle }
    await settle(at: location)
  }

  /// Takes every received action off the queue as asserted: the asserted state moves to the
  /// state after the last of them. One step, so an action arriving meanwhile is not lost.
  @inlinable
  func acceptReceivedActions() -> [Received] {
    core.withLock { core in
      defer {
        if let last = core.received.last { core.accept(last) }
        core.received = []
      }
      return core.received
    }
  }

  /// Waits until every effect has run as far as it can; whether the test's work settled without
  /// a problem (one is reported at `location`).
  @usableFromInline
  @discardableResult
  func settle(at location: SourceCodeLocation) async -> Bool {
    // With no effect running and the test's work at rest, the settle would only suspend this
    // task to resume it (the one before a send, the one before a receive, usually).
    if runtime.isIdle, work.hasNothingToSettle(at: location) { return true }
    return await work.settle(at: location)
  }

  // MARK: - Checks

  @inlinable
  func assertState(
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
        if case .off(showSkippedAssertions: true) = exhaustivity {
          warnUnassertedChange(before: before, after: actual, at: location)
        }
        return
      }
      let expected: State
      do {
        expected = try applying(updateStateToExpectedResult, to: actual)
      } catch {
        fail("The assertion closure of \(step()) threw an error: \(error)", at: location)
        return
      }
      if expected != actual {
        fail(stateMismatch(expected: expected, actual: actual, step: step()), at: location)
      } else if case .off(showSkippedAssertions: true) = exhaustivity {
        // What the closure left out: it applied to the state before, against the state after.
        if let asserted = try? applying(updateStateToExpectedResult, to: before),
          let difference = diff(asserted, actual)
        {
          warn(
            "State changes \(step()) made that its assertion left out (skipped):\n\n\(difference)\n\n"
              + "(Asserted: −, Actual: +)",
            at: location)
        }
      }
      return
    }

    var expected = before
    if let updateStateToExpectedResult {
      do {
        expected = try applying(updateStateToExpectedResult, to: before)
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
      failUnassertedChange(expected: expected, actual: actual, step: step(), at: location)
    } else {
      fail(stateMismatch(expected: expected, actual: actual, step: step()), at: location)
    }
  }

  /// An assertion closure applied to a copy of `state`, with the store's dependencies (so a
  /// closure that reads `@Dependency` sees what the reducer saw).
  @inlinable
  func applying(_ updateStateToExpectedResult: (inout State) throws -> Void, to state: State) throws -> State {
    var result = state
    try withDependencies({ $0 = store.dependencies }) { try updateStateToExpectedResult(&result) }
    return result
  }

  /// A non-exhaustive store that shows skipped assertions: actions it accepted unreceived.
  @inlinable
  func warnSkippedReceiving(_ skipped: [Action], before step: String? = nil, at location: SourceCodeLocation) {
    let when = step.map { " before \($0)" } ?? ""
    warn("Skipped receiving \(skipped.count) action(s)\(when):\n\n" + dumpList(skipped), at: location)
  }

  /// A non-exhaustive store that shows skipped assertions: the state changed with no assertion.
  @usableFromInline
  func warnUnassertedChange(before: State, after actual: State, at location: SourceCodeLocation) {
    if let difference = diff(before, actual) {
      warn("State changed without an assertion (skipped):\n\n\(difference)\n\n(Before: −, After: +)", at: location)
    }
  }

  /// An exhaustive store: `step` changed the state, and the test gave no assertion closure.
  @usableFromInline
  func failUnassertedChange(expected: State, actual: State, step: String, at location: SourceCodeLocation) {
    let report = DifferenceReport.message(
      headline: "The state changed, but the test did not say how. \(step) changed it:",
      expected: expected,
      actual: actual
    )
    fail(
      """
      \(report)

      Add a trailing closure that makes the same change, e.g. \
      `await store.send(…) { $0.field = newValue }`.
      """,
      at: location
    )
  }

  @usableFromInline
  func stateMismatch(expected: State, actual: State, step: @autoclosure () -> String) -> String {
    DifferenceReport.message(
      headline: "The state after \(step()) does not match the assertion:",
      expected: expected,
      actual: actual
    )
  }

  /// Before a send. Non-exhaustive: unreceived actions are accepted (so a later `receive` never
  /// moves the state back to before this send). Exhaustive: they fail the test (each once) and
  /// stay queued, so the `receive`s that follow still find them and the test reads one failure.
  @inlinable
  func checkNoPendingReceivedActions(before step: @autoclosure () -> String, at location: SourceCodeLocation) {
    let exhaustivity = self.exhaustivity
    guard exhaustivity == .on else {
      let pending = acceptReceivedActions()
      if !pending.isEmpty, case .off(showSkippedAssertions: true) = exhaustivity {
        warnSkippedReceiving(pending.map(\.action), before: step(), at: location)
      }
      return
    }
    let pending = core.withLock { $0.reportUnreceived() }
    guard !pending.isEmpty else { return }
    fail(
      """
      The store received \(pending.count) unexpected action\(pending.count == 1 ? "" : "s") before \(step()):

      \(dumpList(pending))

      Receive them with `await store.receive(…)` before sending, or skip them with \
      `await store.skipReceivedActions()`. They stay queued: the `receive`s after this send \
      still find them, in order.
      """,
      at: location
    )
  }

  private func checkEndOfTest(at location: SourceCodeLocation) {
    // Actions already reported before a send are not reported again.
    let (exhaustivity, pending) = core.withLock { ($0.exhaustivity, $0.received.filter { $0.reportedBefore == nil }) }
    let blamed = core.withLock { $0.blamed }
    let running = runtime.inFlight.filter { effect in !blamed.contains { $0 === effect.lifecycle } }
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

  @usableFromInline
  func fail(_ message: String, at location: SourceCodeLocation) {
    HarnessIssues.reportIssue(ReportedIssue(message: message, location: location))
  }

  @usableFromInline
  func warn(_ message: String, at location: SourceCodeLocation) {
    HarnessIssues.reportIssue(ReportedIssue(message: message, severity: .warning, location: location))
  }
}

extension TestStore: TestStoreWork {
  @usableFromInline func effectTasks(of lineage: SendLineage) -> [Task<Void, Never>] { store.runtime.tasks(of: lineage) }

  @usableFromInline func cancelEffects(of lineage: SendLineage) { store.runtime.cancel(lineage: lineage) }

  @usableFromInline
  func waitForTasks(_ tasks: [Task<Void, Never>], timeout: Duration?, at location: SourceCodeLocation) async -> Bool {
    let ended = Locked(false)
    let watcher = Task { [receivedSignal] in
      for task in tasks { await task.value }
      ended.withLock { $0 = true }
      receivedSignal.signal()
    }
    defer { watcher.cancel() }
    // Work that never settles (effects that keep starting effects) was reported, and is still
    // running whatever these tasks did: waiting, or settling again, would only report it again.
    guard await settle(at: location) else { return false }
    if ended.withLock({ $0 }) { return true }
    // Parked on a test clock, they end only when the test advances it: no use waiting.
    if nothingCanArrive { return false }
    _ = await receivedSignal.wait(timeout: timeout ?? self.timeout) { ended.withLock { $0 } }
    await settle(at: location)
    return ended.withLock { $0 }
  }
}

/// An action as one line, for headlines.
@usableFromInline
func dumpOneLine(_ value: Any) -> String {
  let text = String(customDumping: value)
  guard text.contains("\n") else { return text }
  // `Action.changed(from: 1, to: 2)`, not `Action.changed( from: 1, to: 2 )`.
  var line = ""
  for part in text.split(separator: "\n").map({ $0.trimmingPrefix(while: \.isWhitespace) }) {
    let opens = line.last.map { "([".contains($0) } ?? true
    let closes = part.first.map { ")]".contains($0) } ?? false
    if !opens, !closes { line += " " }
    line += part
  }
  return line
}

/// Actions as an indented list.
@usableFromInline
func dumpList(_ actions: [some Any]) -> String {
  actions.map { action in
    String(customDumping: action).split(separator: "\n", omittingEmptySubsequences: false)
      .map { "  " + $0 }.joined(separator: "\n")
  }.joined(separator: "\n")
}

/// The test's followed work, for a new test store.
@usableFromInline
func makeTestWork() -> TestWork { TestWork() }

/// The executor a test store's effect tasks prefer: the world of the test's work (see `TestWork`).
@usableFromInline
func testWorkExecutor(_ work: TestWork) -> any TaskExecutor { work.taskExecutor }
