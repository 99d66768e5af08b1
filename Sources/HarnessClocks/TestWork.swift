import HarnessIssues
import HarnessRuntime

/// The asynchronous work of the current test, followed the way ``TestClock`` follows it, for
/// test helpers that must know when that work has run as far as it can.
///
/// Create it inside the test (it joins the test's followed work, together with the test's
/// clocks); from then on the tasks the test starts, and the tasks those start, are followed.
/// ``settle(fileID:filePath:line:column:)`` returns once every followed task has finished or
/// is suspended (on a clock, on a continuation, on I/O). The `TestStore` settles after every
/// `send` and before every `receive`, so effects have always run as far as they can when the
/// test asserts.
///
/// ```swift
/// let work = TestWork()
/// let clock = TestClock()
/// let task = Task { try await clock.sleep(for: .seconds(1)) }   // followed: started by the test
/// await work.settle()                                         // the task ran until it slept
/// await clock.advance(by: .seconds(1))
/// try await task.value
/// ```
public final class TestWork: Sendable, WorldBound {
  private let binding: WorldBinding
  var worldBinding: WorldBinding { binding }
  private let patience: (deadlock: Duration?, job: Duration?)

  /// Joins the current test's followed work (the same as its test clocks').
  public convenience init(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      createdAt: SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      deadlockPatience: nil,
      jobPatience: nil
    )
  }

  /// Joins the current test's followed work, reporting a deadlock once every task of the test has
  /// been suspended for `deadlockPatience` with nothing due, and a job that runs longer than
  /// `jobPatience` (10 seconds each by default): for testing those reports quickly.
  package init(
    createdAt creation: SourceCodeLocation = SourceCodeLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column),
    deadlockPatience: Duration? = nil,
    jobPatience: Duration? = nil
  ) {
    binding = WorldBinding(owner: { "TestWork created at \(creation.fileID):\(creation.line)" }, createdAt: creation)
    patience = (deadlockPatience, jobPatience)
    // Bound already when made inside a task: the patience holds from now on, not from the first settle.
    if let world = binding.boundWorld { applyPatience(to: world) }
  }

  private func applyPatience(to world: World) {
    if patience.deadlock != nil || patience.job != nil {
      world.setPatience(deadlock: patience.deadlock, job: patience.job)
    }
  }

  /// Names the current task in the engine's reports (a test store's effect: `the effect created
  /// at Feature.swift:30`), if it is a task of a test's world.
  package static func describeCurrentTask(_ label: String) {
    World.describeCurrentTask(label)
  }

  /// The runtime id of the current task (0 outside tasks), for helpers that track their tasks.
  package static var currentTaskID: UInt64 { TaskIdentity.currentTaskID() }

  /// The executor the tasks this work starts prefer (a test store's effects): the world of the test
  /// that uses it, so their jobs run there from their first, and their nonisolated async calls run
  /// on without a change of executor.
  package var taskExecutor: any TaskExecutor { WorldBoundExecutor(binding: binding) }

  /// Whether each of `tasks` is suspended in a sleep on a test clock of this work: then none of
  /// them runs again until the test advances a clock.
  package func areSleepingOnTestClocks(_ tasks: [UInt64]) -> Bool {
    guard let world = binding.boundWorld else { return false }
    return world.areSleeping(tasks)
  }

  /// Whether a settle at `location` would end at once with nothing to run or report: then the
  /// caller may skip it.
  package func hasNothingToSettle(at location: SourceCodeLocation) -> Bool {
    world(at: location).hasNothingToSettle()
  }

  /// Tells the engine that an XCTest test begins, before any of its code runs: the tasks it
  /// creates from the main thread are its own from their first job, and the Harness objects
  /// `testCase` holds (a `TestClock` in a stored property, made before any test ran) join its
  /// world. Only for a test case that holds one: other tests' worlds begin at their first Harness
  /// call (a `DependencyTestCase` scopes its tests itself: ``runningXCTest(_:testCase:_:)``).
  package static func testBegan(_ testID: String, testCase: AnyObject) {
    let bindings = WorldBinding.bindings(heldBy: testCase)
    guard !bindings.isEmpty else { return }
    let world = Engine.process.beginMainThreadTest(testID)
    for binding in bindings { binding.bind(to: world) }
  }

  /// Runs `body` (a `DependencyTestCase`'s `invokeTest`) in a world of the test's own: every task
  /// it creates (XCTest's task for an async test method among them) is the test's, and the Harness
  /// objects `testCase` holds join the world.
  package static func runningXCTest<R>(
    _ testID: String, testCase: AnyObject, patience: TestPatience, _ body: () throws -> R
  ) rethrows -> R {
    try Engine.process.runTest(named: testID, patience: patience.engine, binding: { world in
      for binding in WorldBinding.bindings(heldBy: testCase) { binding.bind(to: world) }
    }, body)
  }

  /// Runs `body`, the scope a Harness trait gives a Swift Testing test, in a world of the test's
  /// own from its first line: the tasks the test starts are the world's from their first job,
  /// even before its first clock or store call (a clock kept in a `static`), and the world ends
  /// when the test does. Inside an explored iteration, `body` keeps that iteration's world.
  package static func runningTest<R>(
    isolation: isolated (any Actor)? = #isolation,
    at location: SourceCodeLocation,
    _ body: () async throws -> R
  ) async rethrows -> R {
    try await Engine.process.runTest(at: location, reporting: { problems in
      for problem in problems {
        let message = TestClockMessages.settleProblem(problem, clock: "the test's work", operation: "the end of the test")
        reportIssue(problem.issue(message, at: location))
      }
    }, body)
  }

  /// Tells the engine that the test with `testID` has ended (XCTest says when): its world ends,
  /// and the clocks a test case keeps stop following anything until used again.
  package static func testEnded(_ testID: String) {
    Engine.process.testEnded(testID)
  }

  /// The world for a settle at `location`, with this helper's patience.
  private func world(at location: SourceCodeLocation) -> World {
    let world = binding.worldForUse(at: location)
    applyPatience(to: world)
    return world
  }

  /// Waits until every followed task has finished or suspended. Work that never settles (a
  /// loop polling with `Task.yield()`) is reported at the caller instead of hanging.
  public func settle(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await settle(at: SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Waits until every followed task has finished or suspended; problems are reported at
  /// `location` (for helpers that pass on their caller's location).
  @discardableResult
  public func settle(at location: SourceCodeLocation) async -> Bool {
    let problems = await world(at: location).settle(.settleOnly())
    for problem in problems {
      let message = TestClockMessages.settleProblem(problem, clock: "the test's work", operation: "settle()")
      reportIssue(problem.issue(message, at: location))
    }
    return !problems.contains { !$0.isWarning }
  }
}

/// The executor of the world a `TestWork` is bound to now, for tasks that must prefer it from
/// their first job (a test store's effects), whichever world that is when they start.
final class WorldBoundExecutor: TaskExecutor, @unchecked Sendable {
  private let binding: WorldBinding

  init(binding: WorldBinding) { self.binding = binding }

  func enqueue(_ job: consuming ExecutorJob) {
    // The world bound, even once it has ended (it runs a late job where it would have run).
    (binding.boundWorld ?? binding.worldForSleep()).enqueue(job)
  }
}
