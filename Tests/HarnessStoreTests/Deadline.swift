import Foundation
import Harness
import Testing

/// Runs a scenario that would deadlock if the store were broken, and fails the test within
/// seconds instead of hanging it: the scenario runs elsewhere (a thread, or a task) and the test
/// waits for it with a timeout. A deadlocked scenario stays blocked; the test goes on.
enum Deadline {
  /// Runs `scenario` on a thread of its own, with the caller's dependencies and `reporters`
  /// receiving its issues; its result, or `nil` (and a test failure) when it did not finish
  /// within `timeout`.
  static func onThread<R: Sendable>(
    within timeout: Duration = .seconds(10),
    reporting reporters: [any IssueReporter],
    sourceLocation: SourceLocation = #_sourceLocation,
    _ scenario: @escaping @Sendable () -> R
  ) -> R? {
    let result = LockIsolated<R?>(nil)
    let done = DispatchSemaphore(value: 0)
    withEscapedDependencies { dependencies in
      Thread {
        dependencies.yield {
          let value = withIssueReporters(reporters) { scenario() }
          result.setValue(value)
        }
        done.signal()
      }.start()
    }
    guard done.wait(timeout: .now() + .nanoseconds(Int(timeout / .nanoseconds(1)))) == .success else {
      Issue.record("The scenario did not finish within \(timeout): it deadlocked.", sourceLocation: sourceLocation)
      return nil
    }
    return result.value
  }

  /// Runs `scenario` in a task on a thread of its own (it inherits the caller's task-locals) and
  /// waits until it ends or `timeout` passes; whether it ended (a test failure when not).
  @discardableResult
  static func inTask(
    within timeout: Duration = .seconds(10),
    sourceLocation: SourceLocation = #_sourceLocation,
    _ scenario: @escaping @Sendable () async -> Void
  ) async -> Bool {
    let executor = DedicatedThreadExecutor()
    let outcome = LockIsolated<CheckedContinuation<Bool, Never>?>(nil)
    let ended = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      outcome.setValue(continuation)
      // Whichever comes first resumes the wait: the scenario ending, or the timer.
      let resume: @Sendable (Bool) -> Void = { ended in
        outcome.withValue { continuation in
          continuation?.resume(returning: ended)
          continuation = nil
        }
      }
      Task(executorPreference: executor) {
        await scenario()
        executor.stop()
        resume(true)
      }
      DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(timeout / .nanoseconds(1)))) {
        resume(false)
      }
    }
    if !ended {
      Issue.record("The scenario did not finish within \(timeout): it deadlocked.", sourceLocation: sourceLocation)
    }
    return ended
  }
}
