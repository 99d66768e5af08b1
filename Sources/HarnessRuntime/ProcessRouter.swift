@_spi(ExperimentalScheduling) import _Concurrency
import Dispatch

/// The process's default executor while the engine is installed: it hands the jobs of tests'
/// tasks to their worlds and every other job to the executor it replaced.
///
/// Everything the runtime sends to the generic executor reaches it: a `Task {}`'s first job,
/// every hop of a task back to the generic executor, actors' processing jobs, `Task.yield()`'s
/// continuation jobs, and, as the process's scheduling executor, the wake-ups of real
/// `Task.sleep`s. It holds no state of its own, so a job that reaches it through the replaced
/// executor's witness table, or the replaced executor's witness with this object (the runtime
/// reads its default executor as two words, which the install writes one after the other),
/// is still handled right.
final class ProcessRouter: TaskExecutor, @unchecked Sendable {
  /// The executor the process had: where every job of no test goes.
  nonisolated(unsafe) static var original: (any TaskExecutor)?

  func enqueue(_ job: consuming ExecutorJob) {
    let unowned = UnownedJob(job)
    if Engine.route(unowned) { return }
    Self.passOn(unowned)
  }

  /// Runs `job` where it would have run without Harness.
  static func passOn(_ job: UnownedJob) {
    if let original {
      original.enqueue(ExecutorJob(job))
    } else {
      // Not installed as the default executor (see `RuntimeInterception`): the runtime's own
      // global executor, which no hook sits in front of.
      globalConcurrentExecutor.enqueue(ExecutorJob(job))
    }
  }
}

extension ProcessRouter: SchedulingExecutor {
  func enqueue<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C) {
    let unowned = UnownedJob(job)
    // A real sleep of a test's task: its world keeps it, and knows when it is due.
    if Engine.scheduleForCurrentTask(unowned, at: instant, clock: clock) { return }
    if let original = Self.original as? any SchedulingExecutor {
      original.enqueue(ExecutorJob(unowned), at: instant, tolerance: tolerance, clock: clock)
    } else {
      DelayedJob.enqueue(unowned, at: instant, clock: clock) { Self.passOn($0) }
    }
  }
}

/// Runs a job once a clock reaches an instant, by a Dispatch timer: for the real sleeps a world
/// keeps (and where no scheduling executor is known).
enum DelayedJob {
  static func enqueue<C: Clock>(
    _ job: UnownedJob, at instant: C.Instant, clock: C, then run: @escaping @Sendable (UnownedJob) -> Void
  ) {
    let delay = clock.now.duration(to: instant)
    let nanoseconds: Int
    if let delay = delay as? Swift.Duration {
      let (seconds, attoseconds) = delay.components
      nanoseconds = max(0, Int(clamping: seconds) &* 1_000_000_000 &+ Int(attoseconds / 1_000_000_000))
    } else {
      // A clock whose durations are not `Duration`: its sleep is due now, as far as the engine can tell.
      nanoseconds = 0
    }
    timers.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { run(job) }
  }

  /// A serial queue of Harness's own: it runs on an overcommitting thread, so a wake-up is due
  /// on time even when every thread of the global pool is busy (what it runs only hands a job on).
  private static let timers = DispatchQueue(label: "harness-timers")

  /// How long until `instant`, for reports; `nil` for a clock whose durations are not `Duration`.
  static func delay<C: Clock>(until instant: C.Instant, clock: C) -> Duration? {
    clock.now.duration(to: instant) as? Swift.Duration
  }
}
