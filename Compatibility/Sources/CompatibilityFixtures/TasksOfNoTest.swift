import Dispatch
import Foundation

/// Where a task of no test runs: made from a thread of its own (no task, no test around it), it
/// reports whether it ran on the main queue (where swift-concurrency-extras' main serial executor
/// sends every task while it is on).
public func aTaskOfNoTestRunsOnTheMainQueue() async -> Bool {
  await withCheckedContinuation { continuation in
    Thread {
      Task { continuation.resume(returning: DispatchQueue.getSpecific(key: mainQueueKey) != nil) }
    }.start()
  }
}

private let mainQueueKey: DispatchSpecificKey<Bool> = {
  let key = DispatchSpecificKey<Bool>()
  DispatchQueue.main.setSpecific(key: key, value: true)
  return key
}()
