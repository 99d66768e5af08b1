import Dispatch
import HarnessClocks
import HarnessIssues
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

  /// A settle that finds the work settled at once only posts the main actor drain; if the main
  /// thread never runs it, the guard must still fire (the follow thread was asleep).
  @Test func aBlockedMainThreadIsReportedInsteadOfWaitedFor() async {
    let work = TestWork(mainActorPatience: .milliseconds(100))
    let mainIsBlocked = DispatchSemaphore(value: 0)
    let unblockMain = DispatchSemaphore(value: 0)
    DispatchQueue.main.async {
      mainIsBlocked.signal()
      unblockMain.wait()
    }
    await withCheckedContinuation { continuation in
      // Off the cooperative pool: waiting here must not hold one of its threads.
      DispatchQueue.global().async {
        mainIsBlocked.wait()
        continuation.resume()
      }
    }
    await withExpectedIssue {
      await work.settle()
    } matching: { issue in
      issue.message.contains("settle() on the test's work stopped waiting for the main actor")
        && issue.message.contains("it ran no job for 100 milliseconds")
    }
    unblockMain.signal()
  }
}
