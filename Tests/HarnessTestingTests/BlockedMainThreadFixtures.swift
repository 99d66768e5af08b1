import Dispatch
import HarnessClocks
import HarnessIssues
import Testing

// Block the main queue: run only in a child process started by `BlockedMainThreadTests`, so no
// other test waits behind it.
@Suite(
  .serialized,
  .enabled(if: failingFixturesEnabled, "runs only as a child process of BlockedMainThreadTests")
)
struct BlockedMainThreadFixtures {
  /// A main-actor job of the test waits for a main queue that never runs it: the settle reports
  /// that after the world's patience, at its own line, instead of hanging.
  @Test func aMainActorJobWaitingForABlockedMainQueueIsReported() async {
    let work = TestWork(jobPatience: .milliseconds(300))
    let unblock = await blockMainQueue()
    let task = Task { @MainActor in }
    await withExpectedIssue {
      await work.settle()
    } matching: { issue in
      issue.message.contains("main-actor job")
        && issue.message.contains("longer than the 300 milliseconds")
        && issue.message.contains("the main queue")
    }
    unblock()
    await task.value
  }

  /// Work that never touches the main actor does not wait for it: 1,000 sleepers advance with
  /// no report although the main queue is blocked throughout.
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
