import HarnessIssues
import HarnessRuntime
import Testing

/// Picks the oldest ready job: a run in the order the jobs became ready.
final class OldestFirst: JobChooser {
  let taskCreationSites = TaskCreationSites()
  func chooseNext(among readyTasks: UnsafeBufferPointer<UInt64>, actors: UnsafeBufferPointer<UInt>) -> Int { 0 }
}

/// Picks the oldest ready job, and keeps every task it was shown.
final class Recording: JobChooser {
  let taskCreationSites = TaskCreationSites()
  let shown = Locked<Set<UInt64>>([])
  func chooseNext(among readyTasks: UnsafeBufferPointer<UInt64>, actors: UnsafeBufferPointer<UInt>) -> Int {
    shown.withLock { $0.formUnion(readyTasks) }
    return 0
  }
}

extension Engine {
  /// Runs `body` in a world of this engine, as a Harness trait runs a test, and returns it with
  /// what `body` returns; problems found at the end are recorded as issues.
  func inWorld<R: Sendable>(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ body: (World) async throws -> R
  ) async rethrows -> R {
    let location = SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    return try await runTest(at: location, reporting: { problems in
      for problem in problems { Issue.record("\(problem)") }
    }) {
      try await body(Engine.contextWorldOfCurrentTask()!)
    }
  }
}

/// The world of the code running now (nil: none).
func currentWorld() -> World? { Engine.contextWorldOfCurrentTask() }

/// The world the current task belongs to, by the engine's registry.
func registeredWorld() -> World? { Engine.world(ofTask: TaskIdentity.currentTaskID()) }

/// Whether the code running now is `world`'s: its task belongs to it and its job runs on the
/// world's executor (its thread, or the main queue for a main-actor job).
func runsIn(_ world: World) -> Bool {
  registeredWorld() === world && World.onCurrentThread === world
}

/// An actor whose method reports where it runs.
actor Probe {
  func runsIn(_ world: World) -> Bool { HarnessRuntimeTests.runsIn(world) }
}

#if DEBUG
  /// Whether creation sites name the exact function: optimized builds inline and specialize the
  /// functions that create tasks, so there a site may be named by the function it went into.
  let creationSitesAreExact = true
#else
  let creationSitesAreExact = false
#endif
