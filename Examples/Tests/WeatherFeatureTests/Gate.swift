#if Macros
import Harness

/// Holds a client's answer until the test opens it, and tells the test when the request came:
/// how a test puts an event between a request and its answer, without sleeping.
final class Gate: Sendable {
  private struct State {
    var hasArrived = false
    var isOpen = false
    var arrivalWatcher: CheckedContinuation<Void, Never>?
    var waiter: CheckedContinuation<Void, Never>?
  }

  private let state = LockIsolated(State())

  /// Called by the client: marks the request as arrived and waits until ``open()``.
  func pass() async {
    await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
      let (watcher, isOpen) = state.withValue { state in
        state.hasArrived = true
        defer { state.arrivalWatcher = nil }
        if !state.isOpen { state.waiter = waiter }
        return (state.arrivalWatcher, state.isOpen)
      }
      watcher?.resume()
      if isOpen { waiter.resume() }
    }
  }

  /// Waits until a request has arrived at the gate.
  func arrival() async {
    await withCheckedContinuation { (watcher: CheckedContinuation<Void, Never>) in
      let hasArrived = state.withValue { state in
        if !state.hasArrived { state.arrivalWatcher = watcher }
        return state.hasArrived
      }
      if hasArrived { watcher.resume() }
    }
  }

  /// Lets the request (and any later one) through.
  func open() {
    let waiter = state.withValue { state in
      state.isOpen = true
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume()
  }
}
#endif
