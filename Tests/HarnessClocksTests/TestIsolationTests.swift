import Dispatch
import Foundation
import HarnessClocks
import HarnessIssues
import HarnessRuntime
import Testing

/// Each test's followed work runs on an executor of its own: one test's blocked or slow work
/// never holds up another's, and is reported to its own test.
@Suite struct TestIsolationTests {
  /// Two worlds (a detached task runs outside the test, so it gets a world of its own): while a
  /// job of the first blocks its executor, the second advances its clock to the end. The block
  /// only ends once the second is done, so a shared executor would deadlock here.
  @Test func aBlockedWorldNeverHoldsUpAnother() async {
    let releaseBlocker = DispatchSemaphore(value: 0)
    let blockerStarted = DispatchSemaphore(value: 0)
    let blocked = Task.detached {
      // The block lasts as long as the other world's five advances: far longer than usual
      // under ThreadSanitizer on a busy machine, so the patience must not end it first.
      let work = TestWork(jobPatience: .seconds(300))
      let blocker = Task {
        blockerStarted.signal()
        releaseBlocker.wait()
      }
      await work.settle()
      await blocker.value
    }
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        blockerStarted.wait()
        continuation.resume()
      }
    }
    let ticks = await Task.detached {
      let clock = TestClock()
      let ticks = Log<Duration>()
      let timer = Task {
        for await _ in clock.timer(interval: .seconds(1)) { ticks.append(clock.now.offset) }
      }
      for _ in 1...5 { await clock.advance(by: .seconds(1)) }
      timer.cancel()
      await timer.value
      return ticks.elements
    }.value
    releaseBlocker.signal()
    await blocked.value
    #expect(ticks == [.seconds(1), .seconds(2), .seconds(3), .seconds(4), .seconds(5)])
  }

  /// A followed job that blocks longer than the patience ends the waiting settle with a report
  /// naming what blocked, instead of stalling it for as long as the block lasts.
  @Test func aJobBlockingItsExecutorIsReportedAndTheSettleGivesUp() async {
    // Not shorter: with the machine's cores busy, a short job of the world was once preempted
    // for 283 ms, and reported as blocking too.
    let work = TestWork(jobPatience: .milliseconds(800))
    let release = DispatchSemaphore(value: 0)
    let blocker = Task { release.wait() }
    await withExpectedIssue {
      await work.settle()
    } matching: { issue in
      issue.message.contains("has been running for")
        && issue.message.contains("longer than the 800 milliseconds a followed job may take")
        && issue.message.contains("settle() on the test's work stopped waiting for it")
        && issue.message.contains("Await instead of blocking")
    }
    // While the job still blocks, further settles give up at once (they would hang otherwise),
    // and the block is not reported again.
    await work.settle()
    release.signal()
    await blocker.value
    await work.settle()
  }

  /// A job that blocked for longer than the patience while nothing waited is reported by the
  /// next settle, so a test whose work blocks never passes silently.
  @Test func aJobThatBlockedWhileNothingWaitedIsReportedByTheNextSettle() async {
    // Patience well above a loaded machine's scheduling delays: with 100 ms, the test task's
    // own job, waiting for a core while another test and `yes` ran, once took 103 ms and was
    // reported too.
    let work = TestWork(jobPatience: .milliseconds(500))
    // Past the patience as applied: 5 times as long under ThreadSanitizer.
    let blocker = Task { blockThisThread(for: 0.5 * Double(Patience.sanitizerSlowdown) + 1) }
    await blocker.value
    await withExpectedIssue {
      await work.settle()
    } matching: { issue in
      // The test resumes when the task completes, which may be a moment before its job returns:
      // the block is reported either as it happened or as it ends, once.
      issue.message.contains("longer than the 500 milliseconds a followed job may take")
    }
    await work.settle()
  }

  /// A clock made outside any task (as an `XCTestCase` property or a `static` would be) binds to
  /// the test at its first use, and then follows the work the test starts.
  @Test func aClockCreatedOutsideAnyTaskBindsAtItsFirstUse() async {
    // Handed over through a lock, which ThreadSanitizer sees as the ordering it is.
    let made = Locked<TestClock<Duration>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Thread {
      made.withLock { $0 = TestClock() }
      done.signal()
    }.start()
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        done.wait()
        continuation.resume()
      }
    }
    guard let clock = made.withLock({ $0 }) else { return }
    await clock.advance()
    let log = Log<String>()
    let task = Task {
      try? await clock.sleep(for: .seconds(1))
      log.append("woke")
    }
    await clock.advance(by: .seconds(1))
    #expect(log.elements == ["woke"])
    await task.value
  }
}

/// Blocks the calling thread, as a synchronous wait in code under test would.
private func blockThisThread(for seconds: Double) {
  Thread.sleep(forTimeInterval: seconds)
}
