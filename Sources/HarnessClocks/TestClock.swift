import HarnessIssues
import HarnessRuntime

/// A clock whose time moves only when the test says so, for testing code that sleeps, debounces
/// or ticks without waiting for real time and without flakiness.
///
/// ```swift
/// @Test func ticks() async {
///   let clock = TestClock()
///   let ticks = LockIsolated(0)
///   let task = Task {
///     for await _ in clock.timer(interval: .seconds(1)) { ticks.withValue { $0 += 1 } }
///   }
///   await clock.advance(by: .seconds(5))
///   #expect(ticks.value == 5)   // no waiting, no retries: every time
///   task.cancel()
/// }
/// ```
///
/// ## What the clock guarantees
///
/// - Sleepers resume in deadline order; sleepers with the same deadline resume in the order they
///   started sleeping. While a sleeper runs, ``now`` is its deadline.
/// - `advance` first lets the test's work settle (a `Task {}` the test just started reaches its
///   first sleep), then resumes the due sleepers one at a time, and after each one waits until
///   the work it woke has run until it finished or suspended again. When `advance` returns,
///   the test can assert at once.
/// - A sleep whose deadline is before ``now`` returns at once (after a cancellation check); one
///   whose deadline is ``now`` (`sleep(for: .zero)`) waits for the next `advance` or `run`, as with
///   swift-clocks, so a test can cancel it in between.
///   Cancelling a sleeping task removes its sleeper and makes its sleep throw `CancellationError`.
/// - Nothing waits forever: work that never settles, a `run()` whose sleepers keep coming back,
///   and sleepers still pending at ``expectNoPendingSleepers(fileID:filePath:line:column:)`` are
///   reported as test failures listing the pending sleepers (deadline, and where each sleep was
///   called when known).
///
/// ## How determinism is achieved
///
/// The clock waits for the test's work instead of guessing how long it takes (the whole story, and
/// its limits, is in the *Deterministic time* article). Each test's work runs in a world of its
/// own: every task the test creates (`Task {}`, `Task.detached`, `async let`, task groups, and
/// everything those create, main-actor work included) runs its jobs on the test's own executor,
/// one at a time, so the clock knows exactly when all of them are suspended. Each test has its own
/// executor, so tests still run in parallel and never wait for each other's work.
///
/// Not covered, and reported instead of flaking:
/// - A sleep from a task that is not the test's (started from a `DispatchQueue` callback, or,
///   without a Harness trait, before the test's first `TestClock` or `TestWork`): the sleep
///   reports an issue saying so.
/// - Work that keeps running without ever suspending on the clock (a loop polling with
///   `Task.yield()`): `advance` gives up after 100,000 jobs without progress and reports.
/// - A job that blocks the test's executor for more than 10 seconds (a main-actor job waiting for
///   a blocked main queue too), a deadlock among the test's tasks, and a clock used by two tests:
///   reported.
///
/// Work that waits on something outside the test's tasks (real I/O, a real clock's sleep, a
/// `DispatchQueue`) is not waited for: a settle that returns over it says so in a warning.
public final class TestClock<Duration: DurationProtocol & Hashable>: Clock, Sendable {
  /// An instant of this clock: an offset from its zero.
  public typealias Instant = ClockInstant<TestClock, Duration>

  private struct State: Sendable {
    var now: Instant
    var sleepers = SleeperQueue<Instant>()
  }

  private let state: Locked<State>
  /// The world of the test that uses the clock.
  private let binding: WorldBinding
  var worldBinding: WorldBinding { binding }
  /// Where the clock was created, for messages about it.
  let creation: SourceCodeLocation

  /// A clock that starts at `now` (its zero by default).
  public convenience init(
    now: Instant = Instant(),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      now: now, createdAt: SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  init(now: Instant, createdAt creation: SourceCodeLocation) {
    state = Locked(State(now: now))
    self.creation = creation
    binding = WorldBinding(
      owner: { "TestClock<\(Duration.self)> created at \(creation.fileID):\(creation.line)" },
      createdAt: creation
    )
    if !RuntimeInterception.isActive {
      reportIssue(ReportedIssue(message: TestClockMessages.cannotFollow, location: creation))
    }
  }

  /// The current instant. It moves only through `advance` and `run`.
  public var now: Instant {
    state.withLock { $0.now }
  }

  public var minimumResolution: Duration { .zero }

  // MARK: - Sleeping

  /// Suspends until the clock reaches `deadline`. See the type's documentation for the order in
  /// which sleepers resume.
  // Specialized for `Swift.Duration`: see `beginSleep(until:calledAt:)`.
  @_specialize(where Duration == Swift.Duration)
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    // One async body with no async call but the continuation, its synchronous steps in
    // specialized functions, and the runtime's cancellation record instead of
    // `withTaskCancellationHandler`: a followed task runs on its world's executor without
    // preferring it, so every nonisolated async function it enters or returns to is a change of
    // executor, a job of its own (a sleep cost six such jobs, now two: see
    // `TaskCancellationRecord`).
    try Task.checkCancellation()
    guard let sleep = beginSleep(until: deadline, calledAt: SleepCallSite.current) else { return }
    guard TaskCancellationRecord.isSupported else { return try await sleepCancellably(sleep) }
    let ticket = sleep.ticket
    // Held until the record is removed: the runtime keeps its context unretained.
    let onCancel: @Sendable () -> Void = { ticket.cancel() }
    let record = TaskCancellationRecord.add(onCancel)
    defer {
      TaskCancellationRecord.remove(record)
      withExtendedLifetime(onCancel) {}
    }
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
      suspend(sleep, continuation)
    }
  }

  /// The same sleep through `withTaskCancellationHandler`, on a runtime that does not export
  /// its cancellation record.
  private func sleepCancellably(_ sleep: PendingSleep) async throws {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        suspend(sleep, continuation)
      }
    } onCancel: {
      sleep.ticket.cancel()
    }
  }

  /// Suspends for `duration`, remembering where it was called for failure messages.
  public func sleep(
    for duration: Duration,
    tolerance: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async throws {
    let location = SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    try await sleepRecordingCallSite(
      on: self, for: duration, from: now, tolerance: tolerance, calledAt: location)
  }

  /// A sleep that will suspend: its deadline, ticket, task and world.
  private struct PendingSleep: Sendable {
    let deadline: Instant
    let ticket: SleepTicket
    let task: UInt64
    let world: World
    let site: SourceCodeLocation?
  }

  /// Notes a sleep that begins, or returns `nil` when its deadline is past already.
  // Specialized for `Swift.Duration` (almost every test clock): the generic body, called from
  // another module, looks the metadata of its sleeper queue's types up at every use.
  @_specialize(where Duration == Swift.Duration)
  private func beginSleep(until deadline: Instant, calledAt location: SourceCodeLocation?) -> PendingSleep? {
    // Only a deadline already past returns at once; one at `now` waits for the next
    // advance or run, as swift-clocks' TestClock does (tests cancel such sleeps in between).
    if state.withLock({ deadline < $0.now }) { return nil }
    let task = TaskIdentity.currentTaskID()
    let world = binding.worldForSleep()
    if !world.noteSleeper(at: location) {
      report(
        TestClockMessages.unfollowedSleep(clock: description, deadline: "\(deadline)"),
        at: location ?? creation)
    }
    return PendingSleep(
      deadline: deadline, ticket: SleepTicket(taskID: task, location: location), task: task, world: world, site: location)
  }

  /// Registers the sleeper with its continuation, or resumes it at once if time moved past its
  /// deadline or it was cancelled meanwhile.
  // Specialized for `Swift.Duration`: see `beginSleep(until:calledAt:)`.
  @_specialize(where Duration == Swift.Duration)
  private func suspend(_ sleep: PendingSleep, _ continuation: CheckedContinuation<Void, any Error>) {
    let outcome = state.withLock { state -> Result<Bool, CancellationError> in
      // Time may have moved since the first check: then the sleep is over already.
      guard sleep.deadline >= state.now else { return .success(false) }
      guard sleep.ticket.beginSleeping(continuation) else { return .failure(CancellationError()) }
      state.sleepers.insert(deadline: sleep.deadline, ticket: sleep.ticket)
      // In the same step as the sleeper becomes visible: a wake cannot come first.
      sleep.world.noteSuspendedInSleep(sleep.task, at: sleep.site)
      return .success(true)
    }
    switch outcome {
    case .success(true): break
    case .success(false): continuation.resume()
    case .failure(let error): continuation.resume(throwing: error)
    }
  }

  // MARK: - Moving time

  /// Moves the clock forward by `duration`, resuming every sleeper whose deadline it passes.
  ///
  /// Returns once every resumed task has run until it finished or suspended again; the clock
  /// then reads `now + duration`. `advance()` with no argument lets the test's work settle and
  /// moves no time.
  public func advance(
    by duration: Duration = .zero,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await advance(to: now.advanced(by: duration), operation: "advance(by: \(duration))", at: location)
  }

  /// Moves the clock forward to `deadline`, resuming every sleeper due by then, in order.
  ///
  /// An instant before ``now`` is a mistake in the test: it is reported, and the clock stays put.
  public func advance(
    to deadline: Instant,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await advance(to: deadline, operation: "advance(to: \(deadline))", at: location)
  }

  // `operation` names the call in messages only: not formatted unless there is one.
  // Specialized for `Swift.Duration`: see `beginSleep(until:calledAt:)`.
  @_specialize(where Duration == Swift.Duration)
  private func advance(
    to deadline: Instant, operation: @autoclosure () -> String, at location: SourceCodeLocation
  ) async {
    let now = self.now
    guard deadline >= now else {
      report(
        TestClockMessages.backwards(
          clock: description, operation: operation(), now: "\(now)", requested: "\(deadline)"), at: location)
      return
    }
    let request = SettleRequest(
      resumeNext: { [weak self] willWake in self?.wakeNext(through: deadline, willWake: willWake) ?? false },
      finish: { [weak self] in self?.state.withLock { $0.now = Swift.max($0.now, deadline) } }
    )
    let problems = await binding.worldForUse(at: location).settle(request)
    report(problems, operation: operation(), at: location)
  }

  /// Advances until no sleeper is left, resuming them in order.
  ///
  /// Work that keeps scheduling new sleeps (a timer, a polling loop) never runs out of
  /// sleepers: after resuming `maxResumptions` of them `run()` stops, reports the sleepers still
  /// pending, and returns. Cancel such work first, or use ``advance(by:fileID:filePath:line:column:)``.
  public func run(
    maxResumptions: Int = 10_000,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let request = SettleRequest(
      maxResumptions: maxResumptions,
      resumeNext: { [weak self] willWake in self?.wakeNext(through: nil, willWake: willWake) ?? false }
    )
    let problems = await binding.worldForUse(at: location).settle(request)
    report(problems, operation: "run()", at: location)
  }

  /// Advances from sleeper to sleeper until none is left, for at most `timeout` of real time,
  /// and reports the sleepers still pending if time runs out (an endless timer, say): the
  /// spelling swift-clocks users know. ``run(maxResumptions:fileID:filePath:line:column:)``
  /// bounds the same by a count instead.
  public func run(
    timeout: Swift.Duration,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let deadline = ContinuousClock.now.advanced(by: timeout)
    // One settle, stepped by the follower: the caller's task waits instead of looping.
    let request = SettleRequest(
      resumeNext: { [weak self] willWake in
        guard ContinuousClock.now < deadline else { return false }
        return self?.wakeNext(through: nil, willWake: willWake) ?? false
      }
    )
    let problems = await binding.worldForUse(at: location).settle(request)
    report(problems, operation: "run(timeout:)", at: location)
    let pending = pendingSleepers
    guard !pending.isEmpty else { return }
    report(TestClockMessages.stillPendingAfterRun(clock: description, timeout: "\(timeout)", pending: pending), at: location)
  }

  /// Resumes the earliest sleeper due by `limit` (any sleeper when `nil`) and moves the clock to
  /// its deadline; `false` when there is none. `willWake` gets the sleeper's task id first.
  // Specialized for `Swift.Duration`: see `beginSleep(until:calledAt:)`.
  @_specialize(where Duration == Swift.Duration)
  private func wakeNext(through limit: Instant?, willWake: (UInt64) -> Void) -> Bool {
    while true {
      let entry = state.withLock { state -> SleeperQueue<Instant>.Entry? in
        guard let entry = state.sleepers.popFirst(where: { deadline in limit.map { deadline <= $0 } ?? true })
        else { return nil }
        state.now = Swift.max(state.now, entry.deadline)
        return entry
      }
      guard let entry else { return false }
      willWake(entry.ticket.taskID)
      // A sleeper cancelled between the two steps is skipped.
      if entry.ticket.wake() { return true }
    }
  }

  // MARK: - Checking

  /// The sleepers waiting for the clock, in the order they will resume.
  ///
  /// Test helpers (a test store, for example) read this to tell whether work still waits on time.
  public var pendingSleepers: [PendingSleeper<Instant>] {
    state.withLock { state in
      state.sleepers.sleeping.map { PendingSleeper(deadline: $0.deadline, location: $0.location) }
    }
  }

  /// Lets the test's work settle, then reports an issue listing every sleeper still pending.
  ///
  /// Call it at the end of a test: a sleeper still pending is work the test never finished,
  /// such as a timer it forgot to cancel or a debounce it never let fire.
  public func expectNoPendingSleepers(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let problems = await binding.worldForUse(at: location).settle(.settleOnly())
    report(problems, operation: "expectNoPendingSleepers()", at: location)
    let pending = pendingSleepers
    guard !pending.isEmpty else { return }
    report(TestClockMessages.pendingAtEnd(clock: description, now: "\(now)", pending: pending), at: location)
  }

  // MARK: - Reporting

  /// `TestClock<Duration> created at Tests/FeatureTests.swift:12`
  var description: String {
    "TestClock<\(Duration.self)> created at \(creation.fileID):\(creation.line)"
  }

  private func report(
    _ problems: [SettleProblem], operation: @autoclosure () -> String, at location: SourceCodeLocation
  ) {
    for problem in problems {
      let message = TestClockMessages.settleProblem(
        problem, clock: description, operation: operation(), now: "\(now)", pending: pendingSleepers
      )
      reportIssue(problem.issue(message, at: location))
    }
  }

  private func report(_ message: String, at location: SourceCodeLocation) {
    reportIssue(ReportedIssue(message: message, location: location))
  }
}

extension TestClock: WorldBound {}

extension TestClock where Duration == Swift.Duration {
  /// A clock that starts at `now` (its zero by default), measuring time in `Duration`.
  public convenience init(
    now: Instant = Instant(),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      now: now, createdAt: SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}
