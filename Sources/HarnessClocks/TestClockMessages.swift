import HarnessRuntime
/// The failure messages of ``TestClock``, written for someone who has never read its code.
enum TestClockMessages {
  static let cannotFollow = """
    TestClock cannot follow the test's tasks on this platform: the Swift runtime does not \
    export swift_task_getJobTaskId, which tells tasks apart. advance(by:) will not wait for the \
    work it wakes, so time-based tests may be flaky here.
    """

  static func unfollowedSleep(clock: String, deadline: String) -> String {
    """
    A task that \(clock) cannot follow started sleeping on it (until \(deadline)).

    The clock only waits for the test's own work: the test's task and the tasks, async lets, task \
    groups and actors it starts (in a Harness trait or DependencyTestCase, from its first line; \
    otherwise from the test's first clock or TestWork). This sleep comes from elsewhere (a \
    DispatchQueue callback, a task started before the clock existed, or another test), so \
    whether it is registered before or after an advance is a race.

    Use a Harness trait (@Test(.dependencies)) or create the clock inside the test before the \
    work that uses it, and start that work from the test.
    """
  }

  static func backwards(clock: String, operation: String, now: String, requested: String) -> String {
    """
    \(clock) cannot move back in time: \(operation) asked for \(requested), but the clock is \
    already at \(now). The clock did not move.

    Advance to an instant at or after clock.now, e.g. clock.now.advanced(by: .seconds(1)).
    """
  }

  static func pendingAtEnd(clock: String, now: String, pending: [PendingSleeper<some InstantProtocol>])
    -> String
  {
    """
    \(clock) still has \(count(pending.count, "sleeper")) at \(now):
    \(list(pending))

    Each is work the test never finished: advance the clock past it (advance(by:) or run()), \
    or cancel the task that sleeps.
    """
  }

  static func usedByAnotherTest(clock: String, firstTest: String, thisTest: String) -> String {
    """
    \(clock) is used by test \(thisTest), but it belongs to test \(firstTest), which used it \
    first. A test clock follows the work of one test: shared between tests (a static clock, or \
    one kept by a suite), each test's advances would wait for the other's work.

    Create a clock in each test (inside the test, or in a property of an XCTestCase, which XCTest \
    makes anew for every test).
    """
  }

  static func stillPendingAfterRun(clock: String, timeout: String, pending: [PendingSleeper<some InstantProtocol>])
    -> String
  {
    """
    Expected all sleeps on \(clock) to finish, but some are left after \
    \(timeout) of running it, \(count(pending.count, "sleeper")):
    \(list(pending))

    Work that keeps scheduling sleeps (a timer, a polling loop) never runs out of them: cancel it \
    before run(timeout:), or move to a given time with advance(by:).
    """
  }

  /// A problem with no time to name: found while no advance waited (reported when the clock goes
  /// away), or by a settle of the test's work, which has no clock of its own.
  static func settleProblem(_ problem: SettleProblem, clock: String, operation: String) -> String {
    settleProblem(problem, clock: clock, operation: operation, now: "", pending: [PendingSleeper<ContinuousClock.Instant>]())
  }

  static func settleProblem(
    _ problem: SettleProblem,
    clock: String,
    operation: String,
    now: String,
    pending: [PendingSleeper<some InstantProtocol>]
  ) -> String {
    let what: String
    // " at 5 seconds"; nothing for work with no clock of its own, or no time to name.
    let when = now.isEmpty ? "" : " at \(now)"
    switch problem {
    case .workNeverSettles(let jobs):
      what = """
        \(operation) on \(clock) gave up\(when): the test's work ran \(jobs) jobs without \
        ever suspending on something the clock can wait for, so it would never settle. \
        Something keeps running, for example a loop polling with Task.yield() or an endless loop \
        without a sleep on this clock.
        """
    case .tooManyResumptions(let limit):
      what = """
        \(operation) on \(clock) stopped\(when) after resuming \(limit) sleepers: the work \
        keeps scheduling new sleeps, so the clock can never run out of them. Cancel repeating \
        work (timers, polling loops) before run(), move to a given time with advance(by:) or \
        advance(to:), or pass a larger maxResumptions.
        """
    case .jobBlocked(let block):
      what = blocked(block, clock: clock, operation: operation)
    case .waitingOutside(let waits):
      return waitingOutside(waits)
    }
    guard !now.isEmpty else { return what }
    guard !pending.isEmpty else { return what + "\n\nNo sleeper is pending." }
    return what + "\n\nPending sleepers:\n" + list(pending)
  }

  private static func blocked(_ block: JobBlock, clock: String, operation: String) -> String {
    let whose =
      block.isTestsOwnTask
      ? "the test's own task (task \(block.task))"
      : "task \(block.task)" + (block.origin.map { ", \($0)," } ?? "")
    let consequence =
      block.stillRunning
      ? "\(operation) on \(clock) stopped waiting for it: the test's other work cannot run while it blocks."
      : "While it ran, none of the test's other work could run."
    if block.onMain {
      let how = block.stillRunning ? "has been waiting for, or running on, the main queue for" : "took"
      return """
        A main-actor job of \(whose) \(how) \(describe(block.ran)), longer than the \
        \(describe(block.patience)) a job of the test may take. \(consequence)

        The test's main-actor work runs on the main queue, one job at a time: something holds the \
        main queue (a synchronous wait on the main thread, DispatchQueue.main.sync from it, main-queue \
        work that never ends). Await instead of blocking the main thread.
        """
    }
    let how = block.stillRunning ? "has been running for" : "ran for"
    return """
      A job of \(whose) \(how) \(describe(block.ran)) without suspending, longer than the \
      \(describe(block.patience)) a followed job may take. \(consequence)

      The test's tasks run one job at a time on the test's own executor, so a job that blocks its \
      thread (DispatchSemaphore.wait, DispatchQueue.sync, a synchronous read, a long computation) \
      blocks all of them. Await instead of blocking (e.g. withCheckedContinuation around a \
      callback), or move the blocking work off the test's tasks (a Thread or DispatchQueue that \
      resumes a continuation).
      """
  }

  /// A settle whose work settled with tasks waiting on something the test's world cannot see.
  private static func waitingOutside(_ waits: [OutsideWait]) -> String {
    let lines = waits.prefix(12).map { wait -> String in
      var line = "  • task \(wait.task)" + (wait.origin.map { ", \($0)," } ?? "")
      switch wait.reason {
      case .realSleep(let clock, let delay):
        line += " is in a real sleep on \(clock)" + (delay.map { " (\(describe($0)))" } ?? "")
      case .resumedFromOutside:
        line += " waits again for what resumed it last, from outside the test (a Dispatch queue, another thread, I/O)"
      }
      return line
    }
    let more = waits.count > 12 ? ["  … and \(waits.count - 12) more"] : []
    let count = waits.count == 1 ? "a task" : "\(waits.count) tasks"
    return """
      The test's work settled with \(count) of the test waiting on something the test does not \
      control, so what they do next may happen after the test has looked:
      \((lines + more).joined(separator: "\n"))

      A settle waits for the test's tasks to run as far as they can on their own, not for real \
      time or work outside the test. Inject a clock (@Dependency(\\.continuousClock) and a TestClock \
      in the test) instead of Task.sleep, and a test value for the client that calls out, so the \
      test moves time and answers itself.
      """
  }

  private static func list(_ pending: [PendingSleeper<some InstantProtocol>]) -> String {
    let shown = pending.prefix(20).map { "  • \($0)" }
    let more = pending.count > 20 ? ["  … and \(pending.count - 20) more"] : []
    return (shown + more).joined(separator: "\n")
  }

  /// `10 seconds`, `250 milliseconds`.
  private static func describe(_ duration: Duration) -> String {
    let milliseconds = duration.components.seconds * 1_000 + duration.components.attoseconds / 1_000_000_000_000_000
    if milliseconds % 1_000 == 0 { return "\(milliseconds / 1_000) seconds" }
    if milliseconds > 10_000 { return "\(milliseconds / 1_000).\(milliseconds % 1_000 / 100) seconds" }
    return "\(milliseconds) milliseconds"
  }

  private static func count(_ value: Int, _ noun: String) -> String {
    value == 1 ? "1 pending \(noun)" : "\(value) pending \(noun)s"
  }
}
