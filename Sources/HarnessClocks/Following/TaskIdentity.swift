import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How the follower recognises tasks and threads, using only public API.
enum TaskIdentity {
  /// The runtime's id of the task a job resumes, or 0 when the job is not a task (an actor's
  /// processing job, for example).
  ///
  /// `ExecutorJob.description` is the only public way to read it: `ExecutorJob(id: 42)`, or
  /// `ExecutorJob(id: nil)` for jobs that are not tasks. Ids are never reused, unlike addresses.
  static func taskID(of job: UnownedJob) -> UInt64 {
    let text = ExecutorJob(job).description
    var value: UInt64 = 0
    var sawDigit = false
    for byte in text.utf8 where byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
      value = value &* 10 &+ UInt64(byte - UInt8(ascii: "0"))
      sawDigit = true
    }
    return sawDigit ? value : 0
  }

  /// The id of the task running on this thread, or 0 outside tasks.
  static func currentTaskID() -> UInt64 {
    withUnsafeCurrentTask { task in
      guard let task else { return 0 }
      // A task is its own first job: both types wrap the same runtime pointer.
      return taskID(of: unsafeBitCast(task, to: UnownedJob.self))
    }
  }

  /// An id for the calling thread, comparable across threads.
  static func currentThreadID() -> UInt {
    #if canImport(Darwin)
      UInt(bitPattern: pthread_self())
    #else
      UInt(pthread_self())
    #endif
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
