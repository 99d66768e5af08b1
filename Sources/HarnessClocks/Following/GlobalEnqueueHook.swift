import Foundation

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

  private nonisolated(unsafe) static var previous: Hook?

  private static func install() -> Bool {
    guard
      let handle = dlopen(nil, RTLD_NOW),
      let symbol = dlsym(handle, "swift_task_enqueueGlobal_hook")
    else { return false }
    let slot = symbol.assumingMemoryBound(to: Hook?.self)
    previous = slot.pointee
    slot.pointee = { job, enqueue in
      if FollowedWork.shared.take(unsafeBitCast(job, to: UnownedJob.self)) { return }
      if let previous = GlobalEnqueueHook.previous {
        previous(job, enqueue)
      } else {
        enqueue(job)
      }
    }
    return true
  }
}
