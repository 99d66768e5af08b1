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
  private let patience: (mainActor: Duration?, job: Duration?)

  /// Joins the current test's followed work (the same as its test clocks').
  public convenience init(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      createdAt: SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      mainActorPatience: nil,
      jobPatience: nil
    )
  }

  /// Joins the current test's followed work, giving up on a main actor that does not drain
  /// within `mainActorPatience`, and on a job that runs longer than `jobPatience` (10 seconds
  /// each by default): for testing those guards quickly.
  package init(
    createdAt creation: SourceCodeLocation = SourceCodeLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column),
    mainActorPatience: Duration? = nil,
    jobPatience: Duration? = nil
  ) {
    binding = WorldBinding(owner: { "TestWork created at \(creation.fileID):\(creation.line)" }, createdAt: creation)
    patience = (mainActorPatience, jobPatience)
    // Bound already when made inside a task: the patience holds from now on, not from the first settle.
    if let world = binding.boundWorld { applyPatience(to: world) }
  }

  private func applyPatience(to world: World) {
    if patience.mainActor != nil || patience.job != nil {
      FollowedWork.shared.setPatience(mainActor: patience.mainActor, job: patience.job, for: world)
    }
  }

  /// The runtime id of the current task (0 outside tasks), for helpers that track their tasks.
  package static var currentTaskID: UInt64 { TaskIdentity.currentTaskID() }

  /// The executor of followed work, for tasks that a test's work starts to prefer: their jobs
  /// reach the follower without the runtime hook, and their nonisolated async calls run on
  /// without a change of executor (see `FollowedWork.enqueue`).
  package static var taskExecutor: any TaskExecutor { FollowedWork.shared }

  /// Whether each of `tasks` is suspended in a sleep on a test clock of this work: then none of
  /// them runs again until the test advances a clock.
  package func areSleepingOnTestClocks(_ tasks: [UInt64]) -> Bool {
    guard let world = binding.boundWorld else { return false }
    return FollowedWork.shared.areSleeping(tasks, in: world)
  }

  /// Whether a settle at `location` would end at once with nothing to run, drain or report,
  /// given that the caller's own work is idle (see `FollowedWork.hasNothingToSettle(in:)`):
  /// then the caller may skip it.
  package func hasNothingToSettle(at location: SourceCodeLocation) -> Bool {
    FollowedWork.shared.hasNothingToSettle(in: world(at: location))
  }

  /// Tells the follower that an XCTest test begins, before any of its code runs: the tasks it
  /// creates from the main thread are its own from their first job, and the Harness objects
  /// `testCase` holds (a `TestClock` in a stored property, made before any test ran) join its
  /// world. Only for a test case that holds one, unless `always` (a `DependencyTestCase`, whose
  /// every test has a world from its first line): other tests' worlds begin at their first
  /// Harness call, as under Swift Testing without a Harness trait (see `runningTest`).
  package static func testBegan(_ testID: String, testCase: AnyObject, always: Bool = false) {
    let bindings = WorldBinding.bindings(heldBy: testCase)
    guard always || !bindings.isEmpty else { return }
    let world = FollowedWork.shared.beginMainThreadTest(testID)
    for binding in bindings { binding.bind(to: world) }
  }

  /// Runs `body`, the scope a Harness trait gives a Swift Testing test, in a world of the test's
  /// own from its first line: the tasks the test starts are followed from their first job, even
  /// before its first clock or store call (a clock kept in a `static`), and the world ends when
  /// the test does. Inside an explored iteration, `body` keeps that iteration's world.
  package static func runningTest<R>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> R
  ) async rethrows -> R {
    let world = FollowedWork.shared.beginTestWorld(testID: TestContext.current?.id)
    defer { if let world { FollowedWork.shared.endTestWorld(world) } }
    return try await body()
  }

  /// Tells the follower that the test with `testID` has ended (XCTest says when), so that the
  /// clocks a test case keeps after its test stop following anything until used again.
  package static func testEnded(_ testID: String) {
    FollowedWork.shared.testEnded(testID)
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
  public func settle(at location: SourceCodeLocation) async {
    await settle(at: location, workIsIdle: nil)
  }

  /// Waits until every followed task has finished or suspended. `workIsIdle` tells, once the
  /// followed jobs have settled, whether the caller's work is over (a test store with no effect
  /// left running): then work that never used the main actor does not wait for it to drain.
  /// Returns whether it settled without a problem (a problem is reported at `location`).
  @discardableResult
  package func settle(at location: SourceCodeLocation, workIsIdle: (@Sendable () -> Bool)?) async -> Bool {
    let problems = await FollowedWork.shared.settle(world(at: location), .settleOnly(workIsIdle: workIsIdle))
    for problem in problems {
      let message = TestClockMessages.settleProblem(problem, clock: "the test's work", operation: "settle()")
      reportIssue(problem.issue(message, at: location))
    }
    return problems.isEmpty
  }
}

/// Test support for the follower's own tests.
package enum GlobalEnqueueHookForTesting {
  /// Replaces the follower's runtime hook with one that passes every job straight on (as
  /// `withMainSerialExecutor` would) and returns a function that restores it.
  package static func displace() -> @Sendable () -> Void {
    GlobalEnqueueHook.displaceForTesting()
  }

  /// Whether Harness's hook is in the slot now (not another library's).
  package static var harnessHookIsInSlot: Bool { GlobalEnqueueHook.isInSlot }
}
