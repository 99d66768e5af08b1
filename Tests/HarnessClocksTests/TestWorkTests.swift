import HarnessClocks
import HarnessIssues
import HarnessTesting
import Synchronization
import Testing

@Suite struct TestWorkTests {
  @Test func settleLetsStartedWorkRunUntilItFinishes() async {
    let work = TestWork()
    let steps = Atomic(0)
    let task = Task {
      for _ in 0..<3 {
        steps.add(1, ordering: .relaxed)
        await Task.yield()
      }
    }
    await work.settle()
    #expect(steps.load(ordering: .relaxed) == 3)
    await task.value
  }

  @Test func settleGivesUpOnWorkThatNeverSuspendsAndSaysWhy() async {
    let work = TestWork()
    let task = Task {
      while !Task.isCancelled { await Task.yield() }
    }
    // Work with no clock of its own names no time ("gave up:", not "gave up at now:").
    await withExpectedIssue {
      await work.settle()
    } matching: { issue in
      issue.message.hasPrefix("settle() on the test's work gave up: the test's work ran 100001 jobs")
        && issue.message.contains("a loop polling with Task.yield()")
    }
    task.cancel()
    await task.value
  }
}
