import Foundation

/// A task executor with a thread of its own, for scenarios that may deadlock: a task that blocks
/// forever on it blocks only that thread, never the cooperative pool the test needs to go on.
final class DedicatedThreadExecutor: TaskExecutor, @unchecked Sendable {
  // @unchecked: `jobs` and `isStopped` are only touched while `condition` is locked.
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []
  private var isStopped = false

  init() {
    Thread { [self] in runJobs() }.start()
  }

  func enqueue(_ job: UnownedJob) {
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  /// Lets the thread end once the jobs enqueued so far have run.
  func stop() {
    condition.lock()
    isStopped = true
    condition.signal()
    condition.unlock()
  }

  private func runJobs() {
    while true {
      condition.lock()
      while jobs.isEmpty, !isStopped { condition.wait() }
      if jobs.isEmpty {
        condition.unlock()
        return
      }
      let job = jobs.removeFirst()
      condition.unlock()
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}
