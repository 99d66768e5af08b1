import Dispatch
import Foundation
import HarnessIssues

/// Runs `body` on a thread of its own, outside any task and any world, and returns its result.
func onAThreadOfItsOwn<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
  let result = Locked<T?>(nil)
  let done = DispatchSemaphore(value: 0)
  Thread {
    result.withLock { $0 = body() }
    done.signal()
  }.start()
  done.wait()
  return result.withLock { $0! }
}
