import HarnessIssues
import HarnessRuntime
import Testing

/// A world knows when each of its tasks ends: ended tasks leave it at once, so a test that starts
/// many tasks keeps no record of them.
@Suite struct TaskEndsTests {
  @Test func endedTasksLeaveTheirWorldAtOnce() async {
    let engine = Engine()
    await engine.inWorld { world in
      for _ in 1...1_000 { await Task {}.value }
      await withTaskGroup(of: Void.self) { group in
        for _ in 1...1_000 { group.addTask {} }
      }
      // Only the test's own task is left.
      #expect(world.liveTaskCount == 1)
    }
  }

  /// A task still suspended when its test ends is reported to the test as a warning naming it
  /// and where it was created; it runs on afterwards where it would have run without Harness.
  @Test func aTaskLeftSuspendedIsReportedAndRunsOnOutsideItsWorld() async {
    let engine = Engine()
    let (gate, open) = AsyncStream<Void>.makeStream()
    let ended = Locked<(world: World, task: Task<Bool, Never>)?>(nil)
    await withExpectedIssue {
      let result = await engine.inWorld { world in
        let late = Task {
          for await _ in gate {}
          return currentWorld() == nil && World.onCurrentThread == nil
        }
        return (world, late)
      }
      ended.withLock { $0 = result }
    } matching: { issue in
      issue.severity == .warning
        && issue.message.contains("Test aTaskLeftSuspendedIsReportedAndRunsOnOutsideItsWorld() ended with 1 of its tasks still suspended")
        && (!creationSitesAreExact || issue.message.contains("TaskEndsTests.aTaskLeftSuspendedIsReportedAndRunsOnOutsideItsWorld(), suspended"))
        && issue.message.contains("cancel it (or await it) before the test ends")
    }
    guard let (world, late) = ended.withLock({ $0 }) else { return }
    #expect(world.currentPhase == .ended)
    open.finish()
    #expect(await late.value)
  }
}
