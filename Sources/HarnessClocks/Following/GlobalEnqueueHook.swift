import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Sees every job the Swift runtime puts on its global concurrent executor.
///
/// The concurrency runtime exports `swift_task_enqueueGlobal_hook`, a variable holding a function
/// that, when set, receives each global job and the runtime's own enqueue function. It is the
/// only place where a `Task {}` started by code under test becomes visible. The hook keeps
/// whatever hook was installed before and hands it every job the follower does not take.
enum GlobalEnqueueHook {
  typealias Enqueue = @convention(c) (UnsafeMutableRawPointer) -> Void
  typealias Hook = @convention(c) (UnsafeMutableRawPointer, Enqueue) -> Void

  /// Whether the hook is in place (false on a runtime without the hook variable).
  static let isInstalled: Bool = install()

  /// The hook installed before ours, as the bits of its function pointer (0: none). Atomic
  /// because our hook runs on any thread from the moment it is in the slot: the release store
  /// before publishing it is what makes `previous` visible to those threads.
  private static let previous = Atomic<UInt>(0)

  private static func install() -> Bool {
    guard
      let handle = dlopen(nil, RTLD_NOW),
      let symbol = dlsym(handle, "swift_task_enqueueGlobal_hook")
    else { return false }
    let slot = symbol.assumingMemoryBound(to: Hook?.self)
    previous.store(unsafeBitCast(slot.pointee, to: UInt.self), ordering: .releasing)
    slot.pointee = { job, enqueue in
      if FollowedWork.shared.take(unsafeBitCast(job, to: UnownedJob.self)) { return }
      let previous = GlobalEnqueueHook.previous.load(ordering: .acquiring)
      if previous != 0 {
        unsafeBitCast(previous, to: Hook.self)(job, enqueue)
      } else {
        enqueue(job)
      }
    }
    return true
  }
}
