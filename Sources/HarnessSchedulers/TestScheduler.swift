#if Schedulers
import HarnessClocks
import HarnessIssues

/// A Combine scheduler whose time moves only when the test says so, for testing publishers that
/// `debounce`, `throttle`, `delay`, `receive(on:)` or tick, without waiting and without flakiness.
///
/// ```swift
/// @Test func debounces() {
///   let scheduler = DispatchQueue.test
///   let subject = PassthroughSubject<Int, Never>()
///   var values: [Int] = []
///   let cancellable = subject
///     .debounce(for: .seconds(1), scheduler: scheduler)
///     .sink { values.append($0) }
///   subject.send(1)
///   subject.send(2)
///   scheduler.advance(by: .milliseconds(999))
///   #expect(values == [])
///   scheduler.advance(by: .milliseconds(1))
///   #expect(values == [2])
///   _ = cancellable
/// }
/// ```
///
/// ## What the scheduler guarantees
///
/// - Actions run in due order; actions due at the same time run in the order they were
///   scheduled. While an action runs, ``now`` is its due time.
/// - Nothing runs inside `schedule`: an action scheduled for ``now`` (or with a zero delay) runs
///   at the next `advance` or `run`, so a test can cancel it in between (as `TestClock` does with
///   a sleep until `now`). Actions that an action schedules run in the same `advance` when they
///   are due by its end.
/// - A repeating schedule (`schedule(after:interval:)`) fires at `start`, `start + interval`, …,
///   each due time computed from the previous due time, never from when the action ran: no
///   drift. Cancelling it removes its future firings.
/// - Nothing hangs: ``run(maxActions:fileID:filePath:line:column:)-82ich`` stops after `maxActions`
///   actions (a repeating schedule never runs out) and reports the actions still pending, and
///   an `advance` whose actions keep scheduling work at one instant stops the same way.
/// - The `async` forms of `advance` and `run` also let the test's asynchronous work settle (the
///   way `TestClock` follows it) before the first action and after each: a `Task` an action
///   starts has run until it finished or suspended before the next action runs.
///
/// The scheduler is thread safe: any thread may schedule, and actions run on the thread that
/// advances.
public final class TestScheduler<SchedulerTimeType: Strideable, SchedulerOptions>: Scheduler, @unchecked Sendable
where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible {
  // @unchecked: every stored property is immutable or guarded by `state`'s lock.

  /// A repeating schedule's state, read and written under the scheduler's lock only.
  private final class Repetition {
    let interval: SchedulerTimeType.Stride
    var isCancelled = false
    init(interval: SchedulerTimeType.Stride) { self.interval = interval }
  }

  private struct Pending {
    var action: ScheduledAction
    var repetition: Repetition?
  }

  private struct State {
    var now: SchedulerTimeType
    var queue = DeadlineHeap<SchedulerTimeType, Pending>()
  }

  private let state: Locked<State>
  /// The test's followed work: made with the scheduler inside a task (so the tasks the test
  /// starts from then on are followed), else at the first `async` advance or run.
  private let work: Locked<TestWork?>
  /// Where the scheduler was created, for messages about it.
  let creation: SourceCodeLocation
  /// How messages name the scheduler when it was made by a spelling (`DispatchQueue.test`).
  private let spelling: String?
  /// The time it started at: messages give times as offsets from it.
  private let start: SchedulerTimeType

  /// Actions one `advance` may run at a single instant before it gives up: only work that keeps
  /// scheduling itself with no delay gets there.
  static var maxActionsAtOneInstant: Int { 100_000 }

  /// A scheduler whose clock starts at `now`.
  public convenience init(
    now: SchedulerTimeType,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      now: now, spelling: nil,
      createdAt: SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  init(now: SchedulerTimeType, spelling: String?, createdAt creation: SourceCodeLocation) {
    state = Locked(State(now: now))
    start = now
    self.spelling = spelling
    self.creation = creation
    work = Locked(TestWork.currentTaskID != 0 ? TestWork(createdAt: creation) : nil)
  }

  /// The scheduler's current time. It moves only through `advance` and `run`.
  public var now: SchedulerTimeType { state.withLock { $0.now } }

  public var minimumTolerance: SchedulerTimeType.Stride { .zero }

  /// The number of actions waiting to run (cancelled repeating schedules excluded).
  public var pendingActionCount: Int {
    state.withLock { state in
      state.queue.ordered.count { $0.element.repetition?.isCancelled != true }
    }
  }

  // MARK: - Scheduling

  /// Schedules `action` for ``now``: it runs at the next `advance` or `run`.
  public func schedule(options _: SchedulerOptions?, _ action: @escaping () -> Void) {
    if let dispatch = asDispatchQueueScheduler { return dispatch.enqueue(action, at: nil) }
    enqueue(action, at: nil)
  }

  /// Schedules `action` for `date`; a date before ``now`` runs first at the next advance.
  public func schedule(
    after date: SchedulerTimeType,
    tolerance _: SchedulerTimeType.Stride,
    options _: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    if let dispatch = asDispatchQueueScheduler {
      // Same type parameters (the cast proved it): the cast of the date is free.
      return dispatch.enqueue(action, at: unsafeBitCast(date, to: DispatchQueue.SchedulerTimeType.self))
    }
    enqueue(action, at: date)
  }

  /// Queues `action` for `date` (``now`` when `nil`).
  private func enqueue(_ action: @escaping () -> Void, at date: SchedulerTimeType?) {
    state.withLock { state in
      state.queue.insert(Pending(action: ScheduledAction(run: action)), deadline: date ?? state.now)
    }
  }

  /// Schedules `action` at `date`, then every `interval` after it, until cancelled.
  public func schedule(
    after date: SchedulerTimeType,
    interval: SchedulerTimeType.Stride,
    tolerance _: SchedulerTimeType.Stride,
    options _: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    let repetition = Repetition(interval: interval)
    state.withLock { state in
      state.queue.insert(Pending(action: ScheduledAction(run: action), repetition: repetition), deadline: date)
    }
    return AnyCancellable { [weak self] in
      self?.state.withLock { state in
        repetition.isCancelled = true
        state.queue.removeAll { $0.element.repetition === repetition }
      }
    }
  }

  // MARK: - Moving time (synchronous)

  /// Moves time forward by `stride`, running every action due by then, in order, on this thread.
  /// `advance()` runs the actions due ``now``.
  public func advance(
    by stride: SchedulerTimeType.Stride = .zero,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let target = now.advanced(by: stride)
    guard isForward(to: target, operation: .advanceBy(stride), at: location) else { return }
    runActions(through: target, limit: nil, operation: .advanceBy(stride), at: location)
  }

  /// Moves time forward to `instant`, running every action due by then, in order. An instant
  /// before ``now`` is a mistake in the test: it is reported, and time stays put.
  public func advance(
    to instant: SchedulerTimeType,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    guard isForward(to: instant, operation: .advanceTo(instant), at: location) else { return }
    runActions(through: instant, limit: nil, operation: .advanceTo(instant), at: location)
  }

  /// Runs actions, moving time to each one's due time, until none is left.
  ///
  /// A repeating schedule or an action that schedules itself again never runs out: after
  /// `maxActions` actions `run()` stops, reports the actions still pending, and returns. Cancel
  /// such work first, or use ``advance(by:fileID:filePath:line:column:)-63ely``.
  public func run(
    maxActions: Int = 100_000,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    runActions(through: nil, limit: maxActions, operation: .run, at: location)
  }

  // MARK: - Moving time (asynchronous: settling the test's work)

  /// Moves time forward by `stride` like ``advance(by:fileID:filePath:line:column:)``, and lets
  /// the test's asynchronous work settle first and after every action.
  public func advance(
    by stride: SchedulerTimeType.Stride = .zero,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let target = now.advanced(by: stride)
    guard isForward(to: target, operation: .advanceBy(stride), at: location) else { return }
    await runActions(through: target, limit: nil, operation: .advanceBy(stride), at: location)
  }

  /// Moves time forward to `instant` like ``advance(to:fileID:filePath:line:column:)``, and lets
  /// the test's asynchronous work settle first and after every action.
  public func advance(
    to instant: SchedulerTimeType,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    guard isForward(to: instant, operation: .advanceTo(instant), at: location) else { return }
    await runActions(through: instant, limit: nil, operation: .advanceTo(instant), at: location)
  }

  /// Runs actions until none is left like ``run(maxActions:fileID:filePath:line:column:)``, and
  /// lets the test's asynchronous work settle first and after every action.
  public func run(
    maxActions: Int = 100_000,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await runActions(through: nil, limit: maxActions, operation: .run, at: location)
  }

  private func runActions(
    through target: SchedulerTimeType?, limit: Int?, operation: Operation, at location: SourceCodeLocation
  ) async {
    let work = self.work.withLock { work in
      if let work { return work }
      let made = TestWork(createdAt: creation)
      work = made
      return made
    }
    await work.settle(at: location)
    var progress = Progress()
    while true {
      switch step(through: target, limit: limit, progress: &progress) {
      case .ranOne: await work.settle(at: location)
      case .done: return
      case .stopped(let bound): return report(bound, operation: operation, at: location)
      }
    }
  }

  private func runActions(
    through target: SchedulerTimeType?, limit: Int?, operation: Operation, at location: SourceCodeLocation
  ) {
    let bound: RunBound?
    if let dispatch = asDispatchQueueScheduler {
      // Same type parameters (the cast proved it): the casts below are free.
      bound = dispatch.runAll(through: target.map { unsafeBitCast($0, to: DispatchQueue.SchedulerTimeType.self) }, limit: limit)
    } else {
      bound = runAll(through: target, limit: limit)
    }
    if let bound { report(bound, operation: operation, at: location) }
  }

  /// This scheduler typed with dispatch queues' time, when it has it (`DispatchQueue.test`, the
  /// common case). Generic code cannot specialize the action queue, and its unspecialized form
  /// costs several times more per action: the hot paths call through this concrete type
  /// instead, which the optimizer specializes.
  private var asDispatchQueueScheduler: TestSchedulerOf<DispatchQueue>? {
    self as? TestSchedulerOf<DispatchQueue>
  }

  /// Runs due actions until none is left (by `target`) or a bound is hit.
  private func runAll(through target: SchedulerTimeType?, limit: Int?) -> RunBound? {
    var progress = Progress()
    while true {
      switch step(through: target, limit: limit, progress: &progress) {
      case .ranOne: continue
      case .done: return nil
      case .stopped(let bound): return bound
      }
    }
  }

  // MARK: - One step

  /// What one `advance` or `run` has done so far, for its bounds.
  private struct Progress {
    var ran = 0
    var lastDue: SchedulerTimeType?
    var atOneInstant = 0
  }

  private enum Step {
    case ranOne
    /// Nothing more is due; time has moved to the target.
    case done
    case stopped(RunBound)
  }

  /// Runs the first action due by `target` (any, when `nil`), moving time to its due time; when
  /// none is due, moves time to `target`. Stops after `limit` actions, or when actions keep
  /// coming at one instant.
  private func step(through target: SchedulerTimeType?, limit: Int?, progress: inout Progress) -> Step {
    let next = state.withLock { state -> (action: ScheduledAction, due: SchedulerTimeType)?? in
      guard let first = state.queue.first, target.map({ first.deadline <= $0 }) ?? true else {
        if let target, state.now < target { state.now = target }
        return .some(nil)
      }
      if let limit, progress.ran >= limit { return nil }
      let entry = state.queue.removeFirst()
      if state.now < entry.deadline { state.now = entry.deadline }
      if let repetition = entry.element.repetition {
        // The next firing, from this due time: no drift.
        state.queue.insert(entry.element, deadline: entry.deadline.advanced(by: repetition.interval))
      }
      return (entry.element.action, entry.deadline)
    }
    guard let next else { return .stopped(.tooManyActions(ran: progress.ran)) }
    guard let (action, due) = next else { return .done }
    if due == progress.lastDue {
      progress.atOneInstant += 1
      if progress.atOneInstant > Self.maxActionsAtOneInstant { return .stopped(.stuckAtOneInstant) }
    } else {
      progress.lastDue = due
      progress.atOneInstant = 1
    }
    progress.ran += 1
    action.run()
    return .ranOne
  }

  private func report(_ bound: RunBound, operation: Operation, at location: SourceCodeLocation) {
    let message =
      switch bound {
      case .tooManyActions(let ran):
        TestSchedulerMessages.tooManyActions(
          scheduler: description, operation: describe(operation), ran: ran, now: describe(now), pending: pendingDueTimes)
      case .stuckAtOneInstant:
        TestSchedulerMessages.stuckAtOneInstant(
          scheduler: description, operation: describe(operation), ran: Self.maxActionsAtOneInstant, now: describe(now))
      }
    report(message, at: location)
  }

  // MARK: - Reporting

  /// `TestScheduler<SchedulerTimeType, SchedulerOptions> created at Tests/FeatureTests.swift:12`
  var description: String {
    if let spelling { return "The test scheduler \(spelling)" }
    return "TestScheduler<\(SchedulerTimeType.self), \(SchedulerOptions.self)> created at \(creation.fileID):\(creation.line)"
  }

  /// The call that moves time, named in messages.
  private enum Operation {
    case advanceBy(SchedulerTimeType.Stride)
    case advanceTo(SchedulerTimeType)
    case run
  }

  private func describe(_ operation: Operation) -> String {
    switch operation {
    case .advanceBy(let stride): "advance(by: \(SchedulerTimeFormat.describe(stride)))"
    case .advanceTo(let instant): "advance(to: \(describe(instant)))"
    case .run: "run()"
    }
  }

  /// `1.5 s after its start`
  private func describe(_ time: SchedulerTimeType) -> String {
    "\(SchedulerTimeFormat.describe(start.distance(to: time))) after its start"
  }

  /// The due times of the pending actions, in order (repeating schedules once each).
  private var pendingDueTimes: [String] {
    state.withLock { state in state.queue.ordered.map(\.deadline) }.map(describe)
  }

  private func isForward(to target: SchedulerTimeType, operation: Operation, at location: SourceCodeLocation) -> Bool {
    let now = self.now
    guard target < now else { return true }
    report(TestSchedulerMessages.backwards(
      scheduler: description, operation: describe(operation), now: describe(now), requested: describe(target)), at: location)
    return false
  }

  private func report(_ message: String, at location: SourceCodeLocation) {
    reportIssue(ReportedIssue(message: message, location: location))
  }
}

/// Why an `advance` or `run` of a ``TestScheduler`` stopped early (outside the generic type, so
/// that its dispatch-queue fast path returns the same type).
private enum RunBound {
  case tooManyActions(ran: Int)
  /// Actions kept coming at one instant without time moving.
  case stuckAtOneInstant
}

/// A test scheduler with the time and option types of `Scheduler`: `TestSchedulerOf<DispatchQueue>`.
public typealias TestSchedulerOf<Wrapped: Scheduler> = TestScheduler<
  Wrapped.SchedulerTimeType, Wrapped.SchedulerOptions
>
#endif
