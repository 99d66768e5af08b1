import Foundation
import Harness
import HarnessStore
import Synchronization
import Testing

/// Polls `condition` (real time, up to `seconds`): for Store (not TestStore) scenarios. Generous:
/// it returns as soon as the condition holds, and under ThreadSanitizer on a loaded machine a
/// live store's task can wait seconds for a thread.
func eventually(_ seconds: Double = 60, _ condition: () -> Bool) async -> Bool {
  let deadline = Date().addingTimeInterval(seconds)
  while Date() < deadline {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(5))
  }
  return condition()
}
