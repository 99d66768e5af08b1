import Dispatch
import HarnessClocks
import HarnessIssues
import Testing

// Blocks the main thread, which every test that settles work needs: run only in a child process
// started by `BlockedMainThreadTests`, so no other test waits behind it.
@Suite(.enabled(if: failingFixturesEnabled, "runs only as a child process of BlockedMainThreadTests"))
struct BlockedMainThreadFixtures {
  /// A settle that finds the work settled at once only posts the main actor drain; if the main
  /// thread never runs it, the guard must still fire (the follow thread was asleep).
  @Test func blockedMainThread() async {
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
