import Dispatch
import Synchronization

/// A serial task executor that knows when it has nothing left to run.
///
/// The ``TestStore`` starts every effect task with this executor as its preference, so the
/// effect, its child tasks and every resumption after a suspension (a clock sleep ending, an
/// `await send`) run here, one job at a time. `waitUntilIdle()` returns once every job has run:
/// every effect has then run as far as it can, until it finished or suspended again. That is
/// what makes `send`, `receive` and clock advances deterministic.
///
/// Work that leaves this executor (`Task.detached`, `@MainActor` code, real I/O) is not covered;
/// the ``TestStore`` then waits for the action with a timeout instead.
final class SerialEffectExecutor: TaskExecutor, @unchecked Sendable {
  // @unchecked: all mutable state sits behind `state`; the dispatch queue is thread-safe.
  private struct State {
    var pendingJobs = 0
    var idleWaiters: [CheckedContinuation<Void, Never>] = []
  }

  private let queue = DispatchQueue(label: "harness.test-store.effects")
  private let state = Mutex(State())

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    state.withLock { $0.pendingJobs += 1 }
    queue.async {
      job.runSynchronously(on: self.asUnownedTaskExecutor())
      self.jobFinished()
    }
  }

  private func jobFinished() {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.pendingJobs -= 1
      guard state.pendingJobs == 0 else { return [] }
      defer { state.idleWaiters = [] }
      return state.idleWaiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Whether no job is queued or running.
  var isIdle: Bool { state.withLock { $0.pendingJobs == 0 } }

  /// Returns once no job is queued or running.
  func waitUntilIdle() async {
    await withCheckedContinuation { continuation in
      let isIdle = state.withLock { state in
        if state.pendingJobs == 0 { return true }
        state.idleWaiters.append(continuation)
        return false
      }
      if isIdle { continuation.resume() }
    }
  }
}
