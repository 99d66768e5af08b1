/// Which actor a job of no task works for: a default actor's processing job (the job the runtime
/// schedules when a call reaches an idle actor, which then runs the actor's queue) records its
/// actor, so that exploration can tell two actors' jobs apart.
///
/// Read from the job's memory, as the runtime lays it out (`swift::Job`, then
/// `ProcessOutOfLineJob`'s actor pointer): the kind byte of the job's flags first, and the actor
/// only for a job of that kind. Measured on Swift 6.3 (Linux, 64-bit): the actor pointer is the
/// actor object's address. Any other job, or another layout, reads as 0: no actor known, and
/// exploration then counts the job as touching anything.
enum JobActor {
  /// Stands for the main actor among the actors of a world's ready jobs (no object lives at
  /// address 1).
  static let mainActor: UInt = 1

  /// `JobKind::DefaultActorSeparate`: a `ProcessOutOfLineJob`.
  private static let processingJobKind: UInt32 = 193
  /// Where the flags (a 32-bit word, its low byte the kind) and the actor lie: after the heap object header
  /// (two words) and the scheduler's two words; the actor after the job's eight words.
  private static let flagsOffset = 4 * MemoryLayout<UInt>.size
  private static let actorOffset = 8 * MemoryLayout<UInt>.size

  /// The address of the actor whose queue `job` processes, or 0 if it is not a default actor's
  /// processing job.
  static func actor(of job: UnownedJob) -> UInt {
    guard MemoryLayout<UInt>.size == 8 else { return 0 }
    let memory = unsafeBitCast(job, to: UnsafeRawPointer.self)
    guard memory.load(fromByteOffset: flagsOffset, as: UInt32.self) & 0xFF == processingJobKind else { return 0 }
    return memory.load(fromByteOffset: actorOffset, as: UInt.self)
  }
}
