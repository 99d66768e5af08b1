import Dispatch

/// Blocks the main queue, as a program waiting on a semaphore on its main thread would, until
/// the returned function is called. Call it off the main actor.
func blockMainQueue() async -> @Sendable () -> Void {
  let mainIsBlocked = DispatchSemaphore(value: 0)
  let unblockMain = DispatchSemaphore(value: 0)
  DispatchQueue.main.async {
    mainIsBlocked.signal()
    unblockMain.wait()
  }
  await withCheckedContinuation { continuation in
    DispatchQueue.global().async {
      mainIsBlocked.wait()
      continuation.resume()
    }
  }
  return { unblockMain.signal() }
}
