/// What the engine reads of the concurrency runtime's private layout of a task: whether a job is a
/// task that has never run (so its enqueue is its creation), and whether a task has completed.
///
/// Read behind the layout version the runtime exports for debuggers
/// (`_swift_concurrency_debug_internal_layout_version`, 1 in Swift 6.3), with the addresses it
/// exports for them: the task's metadata and the two functions a new task starts in
/// (`_swift_concurrency_debug_future_adapter`, `…_non_future_adapter`). With another version,
/// or a symbol missing, ``isSupported`` is false and the engine goes without: a task is then
/// taken for new when it is first seen, and task ends are not observed (see DESIGN.md, "Known
/// limits").
enum TaskLayout {
  /// The layout version these offsets were read from (Swift 6.3, 64-bit).
  private static let knownLayoutVersion: UInt32 = 1
  /// `Job::ResumeTask`: after the heap object (two words), the scheduler's two words, the flags
  /// and id (one word), the voucher and a reserved word.
  private static let resumeFunctionOffset = 7 * 8
  /// `AsyncTask`'s `ActiveTaskStatus`, whose flags word has `IsComplete` (0x2000) once the task
  /// has completed (`completeTaskImpl` sets it before it signals the end).
  private static let statusOffset = 0x60
  private static let isCompleteFlag: UInt32 = 0x2000

  private struct Addresses {
    let taskMetadata: UInt
    let futureAdapter: UInt
    let nonFutureAdapter: UInt
  }

  private static let addresses: Addresses? = {
    guard MemoryLayout<UInt>.size == 8,
      let version = ProcessSymbol.address("_swift_concurrency_debug_internal_layout_version"),
      version.load(as: UInt32.self) == knownLayoutVersion,
      let metadata = ProcessSymbol.address("_swift_concurrency_debug_asyncTaskMetadata"),
      let future = ProcessSymbol.address("_swift_concurrency_debug_future_adapter"),
      let nonFuture = ProcessSymbol.address("_swift_concurrency_debug_non_future_adapter")
    else { return nil }
    return Addresses(
      taskMetadata: metadata.load(as: UInt.self),
      futureAdapter: future.load(as: UInt.self),
      nonFutureAdapter: nonFuture.load(as: UInt.self)
    )
  }()

  /// Whether this runtime's layout is the one the engine knows.
  static var isSupported: Bool { addresses != nil }

  /// Whether `object` (any address the runtime hands the engine: a job, an actor, a once
  /// token) is a task. A task is a heap object, aligned on 16 bytes.
  static func isTask(_ object: UnsafeRawPointer) -> Bool {
    guard let addresses, UInt(bitPattern: object) & 15 == 0 else { return false }
    return object.load(as: UInt.self) == addresses.taskMetadata
  }

  /// Whether `job` is a task that has never run: its enqueue is the one its creation makes, in
  /// the context of the code that created it. `nil` when the layout is unknown.
  static func hasNeverRun(_ job: UnownedJob) -> Bool? {
    guard let addresses else { return nil }
    let memory = unsafeBitCast(job, to: UnsafeRawPointer.self)
    guard memory.load(as: UInt.self) == addresses.taskMetadata else { return false }
    let resume = memory.load(fromByteOffset: resumeFunctionOffset, as: UInt.self)
    return resume == addresses.futureAdapter || resume == addresses.nonFutureAdapter
  }

  /// What tells a completed task apart, for the observer of task ends (see ``TaskEnds``).
  static var completion: (taskMetadata: UInt, statusOffset: Int, completeFlag: UInt32)? {
    addresses.map { ($0.taskMetadata, statusOffset, isCompleteFlag) }
  }

  /// Whether `task` (a task, see ``isTask(_:)``) has completed.
  static func isComplete(_ task: UnsafeRawPointer) -> Bool {
    task.load(fromByteOffset: statusOffset, as: UInt32.self) & isCompleteFlag != 0
  }
}
