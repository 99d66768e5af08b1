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
/// The slot is process-wide and anyone can overwrite it: swift-concurrency-extras'
/// `withMainSerialExecutor` and `uncheckedUseMainSerialExecutor` do (a Composable Architecture
/// `TestStore` sets the latter in every `init` and `deinit`), and "restore" it by a Bool, which
/// leaves their own hook in the slot for good once ours was there. So the hook cannot stay taken
/// away: ``reclaim()``, called whenever a world begins or settles, puts ours back and chains to
/// whatever it found, so jobs the follower does not take still reach that hook.
package enum GlobalEnqueueHook {
  typealias Original = @convention(thin) (UnownedJob) -> Void
  typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

  /// Whether the hook was installed and a probe job reached it.
  package static let isInstalled: Bool = install()

  nonisolated(unsafe) private static let slot = ProcessSymbol.address("swift_task_enqueueGlobal_hook")?
    .assumingMemoryBound(to: Hook?.self)

  /// The hook found in the slot before ours, as the bits of its function pointer (0: none). Atomic
  /// because our hook runs on any thread from the moment it is in the slot: the release store
  /// before publishing it is what makes `previous` visible to those threads.
  private static let previous = Atomic<UInt>(0)
  /// The thread running a probe (0: none); the hook notes that it saw a job enqueued there.
  private static let probeThread = Atomic<UInt>(0)
  private static let probeSeen = Atomic<Bool>(false)
  /// Probes run one at a time.
  private static let probeLock = Locked(())
  /// Reclaims run one at a time (the slot is read and written as a pair).
  private static let reclaimLock = Locked(())
  /// Whether the hook had to be reclaimed already in this process (the warning is given once).
  private static let wasReclaimed = Atomic<Bool>(false)

  private static let hook: Hook = { job, original in
    if probeThread.load(ordering: .relaxed) != 0, probeThread.load(ordering: .relaxed) == TaskIdentity.currentThreadID() {
      probeSeen.store(true, ordering: .relaxed)
    }
    let previous = GlobalEnqueueHook.previous.load(ordering: .acquiring)
    // A hook we chain to that chains back to us (it was installed over ours, then we took the
    // slot back) would loop: on the way back, the job goes straight to the runtime.
    let chains = previous != 0 && !ChainGuard.isInside
    let route = FollowedWork.shared.route(job, passingOnMainActorWork: chains)
    if route == .taken { return }
    guard chains else {
      original(job)
      return
    }
    ChainGuard.isInside = true
    unsafeBitCast(previous, to: Hook.self)(job, original)
    ChainGuard.isInside = false
    if route == .passedOnFromMainActor { FollowedWork.shared.noteMainActorWorkPassedOn() }
  }

  private static var hookBits: UInt { unsafeBitCast(hook, to: UInt.self) }

  private static func install() -> Bool {
    guard let slot, TaskIdentity.isSupported else { return false }
    previous.store(slot.pointee.map { unsafeBitCast($0, to: UInt.self) } ?? 0, ordering: .releasing)
    slot.pointee = hook
    return probe()
  }

  /// Puts our hook back in the slot if another library replaced it (or emptied the slot),
  /// chaining to what was there. Returns `true` the first time in the process that it had to,
  /// for the caller to warn.
  package static func reclaim() -> Bool {
    takeBack() == .tookBack(first: true)
  }

  /// What ``takeBack()`` found.
  package enum TakeBack: Equatable {
    /// Our hook was in the slot (or was never installed).
    case wasInSlot
    /// Another library's hook, or none, was: ours is back; `first` the first time in the process.
    case tookBack(first: Bool)
  }

  /// Puts our hook back in the slot if another library replaced it (or emptied the slot),
  /// chaining to what was there, and says whether it had to: while it was away, jobs went to
  /// that library's hook (swift-concurrency-extras' sends them to the main actor) or to the
  /// runtime, unseen.
  package static func takeBack() -> TakeBack {
    guard isInstalled, let slot else { return .wasInSlot }
    // The common case, one load: the slot is ours.
    if let current = slot.pointee, unsafeBitCast(current, to: UInt.self) == hookBits { return .wasInSlot }
    let reclaimed = reclaimLock.withLock { _ -> Bool in
      let current = slot.pointee.map { unsafeBitCast($0, to: UInt.self) } ?? 0
      guard current != hookBits else { return false }
      previous.store(current, ordering: .releasing)
      slot.pointee = hook
      return true
    }
    guard reclaimed else { return .wasInSlot }
    return .tookBack(first: !wasReclaimed.exchange(true, ordering: .relaxed))
  }

  /// Whether the jobs our hook does not take go on to another library's hook, which may send
  /// them to the main actor (swift-concurrency-extras' sends every job there).
  package static var chainsToAnotherHook: Bool { previous.load(ordering: .relaxed) != 0 }

  /// Whether our hook is in the slot now.
  package static var isInSlot: Bool {
    guard isInstalled, let slot, let current = slot.pointee else { return false }
    return unsafeBitCast(current, to: UInt.self) == hookBits
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
  /// tests of the reclaim, which must run in a process of their own.
  package static func displaceForTesting() -> @Sendable () -> Void {
    guard let slot else { return {} }
    let saved = slot.pointee.map { unsafeBitCast($0, to: UInt.self) } ?? 0
    slot.pointee = { job, original in original(job) }
    return { GlobalEnqueueHook.slot?.pointee = saved == 0 ? nil : unsafeBitCast(saved, to: Hook.self) }
  }

  /// Whether the calling thread is inside our hook's call of the hook it chains to.
  private enum ChainGuard {
    private static let key: pthread_key_t = {
      var key = pthread_key_t()
      pthread_key_create(&key, nil)
      return key
    }()

    static var isInside: Bool {
      get { pthread_getspecific(key) != nil }
      set { pthread_setspecific(key, newValue ? UnsafeRawPointer(bitPattern: 1) : nil) }
    }
  }
}
