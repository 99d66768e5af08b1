import HarnessIssues
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Sees every job the Swift runtime puts on its global concurrent executor, and routes the
/// test's jobs to the executor of the test's world.
///
/// The concurrency runtime exports `swift_task_enqueueGlobal_hook`, a variable holding a function
/// (Swift calling convention: `@convention(thin)` here) that, when set, receives each global job
/// and the runtime's own enqueue function. It is the only place where a `Task {}` started by
/// code under test becomes visible. The hook keeps whatever hook was installed before and hands
/// it every job the follower does not take.
///
/// The slot is process-wide and anyone can overwrite it (swift-concurrency-extras'
/// `withMainSerialExecutor` does), so installation is proven by a probe, and ``health()`` is
/// checked whenever a world is joined or settled.
enum GlobalEnqueueHook {
  typealias Original = @convention(thin) (UnownedJob) -> Void
  typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

  /// What the slot holds, as far as the follower is concerned.
  enum Health: Equatable {
    /// Our hook is in the slot.
    case ours
    /// Another hook is in the slot, but it passes jobs on to ours.
    case chained
    /// Another hook replaced ours: the follower no longer sees the test's jobs.
    case displaced
    /// The runtime has no hook slot, or no task ids: nothing can be followed.
    case unavailable
  }

  /// Whether the hook was installed and a probe job reached it.
  static let isInstalled: Bool = install()

  nonisolated(unsafe) private static let slot = ProcessSymbol.address("swift_task_enqueueGlobal_hook")?
    .assumingMemoryBound(to: Hook?.self)

  /// The hook installed before ours, as the bits of its function pointer (0: none). Atomic
  /// because our hook runs on any thread from the moment it is in the slot: the release store
  /// before publishing it is what makes `previous` visible to those threads.
  private static let previous = Atomic<UInt>(0)
  /// The thread running a probe (0: none); the hook notes that it saw a job enqueued there.
  private static let probeThread = Atomic<UInt>(0)
  private static let probeSeen = Atomic<Bool>(false)
  /// Probes run one at a time.
  private static let probeLock = Locked(())

  private static let hook: Hook = { job, original in
    if probeThread.load(ordering: .relaxed) != 0, probeThread.load(ordering: .relaxed) == TaskIdentity.currentThreadID() {
      probeSeen.store(true, ordering: .relaxed)
    }
    if FollowedWork.shared.take(job) { return }
    let previous = GlobalEnqueueHook.previous.load(ordering: .acquiring)
    if previous != 0 {
      unsafeBitCast(previous, to: Hook.self)(job, original)
    } else {
      original(job)
    }
  }

  private static var hookBits: UInt { unsafeBitCast(hook, to: UInt.self) }

  private static func install() -> Bool {
    guard let slot, TaskIdentity.isSupported else { return false }
    previous.store(slot.pointee.map { unsafeBitCast($0, to: UInt.self) } ?? 0, ordering: .releasing)
    slot.pointee = hook
    return probe()
  }

  /// Whether our hook is in the slot, or reached through whoever replaced it.
  static func health() -> Health {
    guard isInstalled, let slot else { return .unavailable }
    if let current = slot.pointee, unsafeBitCast(current, to: UInt.self) == hookBits { return .ours }
    return probe() ? .chained : .displaced
  }

  /// Starts an empty detached task, whose first job the runtime enqueues on this thread before
  /// `Task.detached` returns, and says whether our hook saw it.
  private static func probe() -> Bool {
    probeLock.withLock { _ in
      probeSeen.store(false, ordering: .relaxed)
      probeThread.store(TaskIdentity.currentThreadID(), ordering: .relaxed)
      _ = Task.detached(priority: .low) {}
      probeThread.store(0, ordering: .relaxed)
      return probeSeen.load(ordering: .relaxed)
    }
  }

  /// Puts a hook that passes every job straight to the runtime in the slot, as
  /// `withMainSerialExecutor` would, and returns a function that puts back what was there: for
  /// tests of the displacement report, which must run in a process of their own.
  package static func displaceForTesting() -> @Sendable () -> Void {
    guard let slot else { return {} }
    let saved = slot.pointee.map { unsafeBitCast($0, to: UInt.self) } ?? 0
    slot.pointee = { job, original in original(job) }
    return { GlobalEnqueueHook.slot?.pointee = saved == 0 ? nil : unsafeBitCast(saved, to: Hook.self) }
  }
}
