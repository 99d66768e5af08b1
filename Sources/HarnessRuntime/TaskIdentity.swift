import HarnessIssues
import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How the follower recognises tasks and threads.
///
/// Task ids come from the runtime's exported `swift_task_getJobTaskId` (Swift calling
/// convention), the id a job's `description` prints: ids are never reused, unlike task
/// addresses. On a runtime that does not export it, nothing is followed and every test clock
/// says so (``isSupported``): guessing ids from text is not an option.
package enum TaskIdentity {
  private typealias GetJobTaskID = @convention(thin) (UnownedJob) -> UInt64

  private static let getJobTaskID = ProcessSymbol.function("swift_task_getJobTaskId", as: GetJobTaskID.self)

  /// Whether the runtime tells task ids apart: without it the follower stays off.
  static var isSupported: Bool { getJobTaskID != nil }

  /// The runtime's id of the task a job resumes, or 0 when the job is not a task (an actor's
  /// processing job, for example) or ids are unsupported.
  static func taskID(of job: UnownedJob) -> UInt64 {
    getJobTaskID?(job) ?? 0
  }

  /// The id of the task running on this thread, or 0 outside tasks.
  package static func currentTaskID() -> UInt64 {
    withUnsafeCurrentTask { task in
      guard let task else { return 0 }
      // A task is its own first job: both wrap the same runtime pointer.
      return taskID(of: unsafeBitCast(task, to: UnownedJob.self))
    }
  }

  /// The current task's runtime pointer (`nil` outside tasks).
  static func currentTaskPointer() -> UnsafeRawPointer? {
    withUnsafeCurrentTask { task in task.map { unsafeBitCast($0, to: UnsafeRawPointer.self) } }
  }

  private typealias IsCancelled = @convention(thin) (UnsafeRawPointer) -> Bool
  private static let isCancelledFunction = ProcessSymbol.function("swift_task_isCancelled", as: IsCancelled.self)

  /// Whether `task` (a task's runtime pointer, alive) has been cancelled.
  static func isCancelled(_ task: UnsafeRawPointer) -> Bool {
    isCancelledFunction?(task) ?? false
  }

  /// The runtime's current executor (`swift_task_getCurrentExecutor`, Swift calling convention):
  /// the executor of the job this thread runs, as its two words; both 0 for the generic one,
  /// which is also what a thread running no job gets.
  private typealias GetCurrentExecutor = @convention(thin) () -> (identity: UInt, implementation: UInt)

  private static let getCurrentExecutor = ProcessSymbol.function(
    "swift_task_getCurrentExecutor", as: GetCurrentExecutor.self)

  /// Whether the calling thread runs a job of a serial executor, such as the main actor's.
  ///
  /// A job a task enqueues as it leaves the main actor (a `Task.yield()`, a call of nonisolated
  /// async code) is enqueued with no current task, as is the first job of a task created from
  /// main thread code outside any task; only this tells them apart (measured on Swift 6.3.1
  /// Linux: the first sees the main actor's executor, the second the generic one). `false` when
  /// the runtime does not export the function.
  static var runsSerialExecutorJob: Bool {
    guard let getCurrentExecutor else { return false }
    return getCurrentExecutor().identity != 0
  }

  /// An id for the calling thread, comparable across threads.
  package static func currentThreadID() -> UInt {
    ThreadIdentity.current()
  }

  /// Whether the caller runs on the main queue, which is where main actor jobs run.
  ///
  /// Not `Thread.isMainThread`: on Linux an async `main` hands the main queue to a worker thread.
  static var isOnMainQueue: Bool { DispatchQueue.getSpecific(key: mainQueueKey) != nil }

  private static let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()
}
