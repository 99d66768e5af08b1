import Synchronization

/// A value behind a lock, for clients that keep state (in-memory storage, captured events).
public final class LockedValue<Value: Sendable>: Sendable {
  private let storage: Mutex<Value>

  public init(_ value: Value) { storage = Mutex(value) }

  public var value: Value {
    get { storage.withLock { $0 } }
    set { storage.withLock { $0 = newValue } }
  }

  /// Changes the value in place, atomically.
  public func withValue<R: Sendable>(_ body: (inout sending Value) -> sending R) -> R {
    storage.withLock { body(&$0) }
  }
}

/// A flag that can be set once, from any thread.
final class LockedFlag: Sendable {
  private let flag = Atomic<Bool>(false)
  func set() { flag.store(true, ordering: .releasing) }
  var isSet: Bool { flag.load(ordering: .acquiring) }
}
