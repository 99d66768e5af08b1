import Dispatch
import HarnessClocks
import HarnessIssues
import Testing

// Block the main thread, which tests whose work uses the main actor need: run only in a child
// process started by `BlockedMainThreadTests`, so no other test waits behind it.
@Suite(
  .serialized,
  .enabled(if: failingFixturesEnabled, "runs only as a child process of BlockedMainThreadTests")
)
struct BlockedMainThreadFixtures {
  /// Work that uses the main actor needs it to drain: if the main thread never runs the drain,
  /// the settle reports that after the world's patience instead of hanging.
  @Test func blockedMainThreadWhileTheWorkUsesTheMainActor() async {
    let work = TestWork(mainActorPatience: .milliseconds(100))
    await work.settle()
    // The test's task visits the main actor: from now on its settles drain the main actor.
    await MainActor.run {}
    let unblock = await blockMainQueue()
    await withExpectedIssue {
      await work.settle()
    } matching: { issue in
      issue.message.contains("settle() on the test's work stopped waiting for the main actor")
        && issue.message.contains("it ran no job for 100 milliseconds")
    }
    unblock()
  }

  /// Work that never touched the main actor does not wait for it: 1,000 sleepers advance with
  /// no report although the main thread is blocked throughout.
  @Test func blockedMainThreadWhileTheWorkDoesNotUseIt() async {
    let unblock = await blockMainQueue()
    let clock = TestClock()
    let woken = Locked(0)
    let tasks = (1...1_000).map { index in
      Task {
        try? await clock.sleep(for: .milliseconds(index))
        woken.withLock { $0 += 1 }
      }
    }
    await clock.advance(by: .seconds(1))
    #expect(woken.withLock { $0 } == 1_000)
    for task in tasks { await task.value }
    unblock()
  }

  /// Blocks the main queue until the returned function is called.
  private func blockMainQueue() async -> @Sendable () -> Void {
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
    return { unblockMain.signal() }
  }
}
