import HarnessIssues
import Synchronization

/// Wakes waiters whenever something changed (an action arrived, an effect finished), so a
/// wait for a condition with a timeout needs no polling.
@usableFromInline
final class ChangeSignal: Sendable {
  private let waiters = Locked<[UInt64: CheckedContinuation<Void, Never>]>([:])
  private let nextID = Atomic<UInt64>(0)

  @usableFromInline
  init() {}

  /// Wakes every current waiter.
  @usableFromInline
  func signal() {
    let woken = waiters.withLock { waiters in
      defer { waiters = [:] }
      return Array(waiters.values)
    }
    for waiter in woken { waiter.resume() }
  }

  /// Waits until `condition` holds, re-checking it after every signal, for at most `timeout`
  /// of real time. Returns whether the condition held.
  @usableFromInline
  func wait(
    timeout: Duration,
    isolation: isolated (any Actor)? = #isolation,
    until condition: () -> Bool
  ) async -> Bool {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while !condition() {
      guard ContinuousClock.now < deadline else { return false }
      let id = nextID.add(1, ordering: .relaxed).newValue
      // A timer task wakes this waiter when the deadline passes without a signal.
      let timer = Task { [weak self] in
        try? await Task.sleep(until: deadline, clock: .continuous)
        self?.wake(id)
      }
      await withCheckedContinuation { continuation in
        waiters.withLock { $0[id] = continuation }
        // A signal or the timer firing between the checks above and registering would be
        // missed: check both again now that the waiter is registered.
        if condition() || ContinuousClock.now >= deadline { wake(id) }
      }
      timer.cancel()
    }
    return true
  }

  private func wake(_ id: UInt64) {
    let waiter = waiters.withLock { $0.removeValue(forKey: id) }
    waiter?.resume()
  }
}
