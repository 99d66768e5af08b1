import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Tells a slow main queue from a blocked one: a main queue that takes long to drain because
/// its thread is busy, or because the machine is loaded, is not blocked, and the follower keeps
/// waiting for it longer.
///
/// On Linux an async `main` hands the main queue to a worker thread, so the thread is learnt
/// from a block that ran there, and its state (and the machine's load) read from `/proc`.
/// Elsewhere nothing is known, and a slow main queue counts as blocked after the short
/// threshold.
enum MainQueueDrainer {
  /// The kernel's id of the thread that last ran a follower block on the main queue, or 0.
  private static let threadID = Atomic<Int32>(0)
  /// That thread's `pthread_self()`, to skip reading its kernel id again.
  private static let pthread = Atomic<UInt>(0)

  /// Remembers the calling thread as the main queue's. Call on the main queue.
  static func noteCurrentThread() {
    #if os(Linux)
      let current = TaskIdentity.currentThreadID()
      guard pthread.load(ordering: .relaxed) != current else { return }
      pthread.store(current, ordering: .relaxed)
      threadID.store(currentKernelThreadID(), ordering: .relaxed)
    #endif
  }

  /// Whether a main queue that has not run a block for a while is likely slow rather than
  /// blocked: its last known thread is running or waiting for a core, or the machine has more
  /// runnable threads than cores (then libdispatch may take long to give the main queue one).
  static var mayBeSlowRatherThanBlocked: Bool {
    #if os(Linux)
      let id = threadID.load(ordering: .relaxed)
      if id != 0, schedulerState(ofThread: id) == UInt8(ascii: "R") { return true }
      guard let runnable = runnableThreadsOnTheMachine() else { return false }
      // The count includes the thread reading it.
      return runnable - 1 > activeProcessorCount
    #else
      return false
    #endif
  }

  #if os(Linux)
    private static let activeProcessorCount = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))

    /// The machine's runnable threads now: the fourth field of `/proc/loadavg` ("3/812").
    private static func runnableThreadsOnTheMachine() -> Int? {
      guard let text = readSmallFile("/proc/loadavg"),
        let field = text.split(separator: UInt8(ascii: " ")).dropFirst(3).first,
        let slash = field.firstIndex(of: UInt8(ascii: "/"))
      else { return nil }
      return Int(String(decoding: field[..<slash], as: UTF8.self))
    }

    private static func readSmallFile(_ path: String) -> ArraySlice<UInt8>? {
      let descriptor = open(path, O_RDONLY)
      guard descriptor >= 0 else { return nil }
      defer { close(descriptor) }
      var buffer = [UInt8](repeating: 0, count: 512)
      let count = read(descriptor, &buffer, buffer.count)
      guard count > 0 else { return nil }
      return buffer[..<count]
    }

    /// `gettid()`, which Glibc's Swift module does not export: `/proc/thread-self` names it.
    private static func currentKernelThreadID() -> Int32 {
      var buffer = [CChar](repeating: 0, count: 64)
      let count = readlink("/proc/thread-self", &buffer, buffer.count - 1)
      guard count > 0 else { return 0 }
      let link = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      return link.split(separator: "/").last.flatMap { Int32($0) } ?? 0
    }

    /// The state letter of `/proc/self/task/<id>/stat` (`R` running, `S` sleeping, …).
    private static func schedulerState(ofThread id: Int32) -> UInt8? {
      guard let text = readSmallFile("/proc/self/task/\(id)/stat") else { return nil }
      // "id (name) S …": the name may hold spaces and parentheses, so look after the last ')'.
      guard let close = text.lastIndex(of: UInt8(ascii: ")")) else { return nil }
      return text[(close + 1)...].first { $0 != UInt8(ascii: " ") }
    }
  #endif
}
