import Foundation
import Harness
import HarnessStore
import Synchronization
import Testing

/// Polls `condition` (real time, up to `seconds`): for Store (not TestStore) scenarios.
func eventually(_ seconds: Double = 5, _ condition: () -> Bool) async -> Bool {
  let deadline = Date().addingTimeInterval(seconds)
  while Date() < deadline {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(5))
  }
  return condition()
}
