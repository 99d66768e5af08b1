import Foundation

/// A value behind a lock.
///
/// A pthread mutex (`NSLock`) rather than `Synchronization.Mutex`: ThreadSanitizer sees a
/// pthread mutex order the accesses it guards, but not a contended `Mutex`, whose slow path runs
/// in uninstrumented library code; `swift test --sanitize=thread` would report false races.
/// Only slow paths take these locks.
final class LockedValue<Value>: @unchecked Sendable {
  // @unchecked: `value` is only touched with `lock` held.
  private let lock = NSLock()
  private var value: Value

  init(_ value: sending Value) {
    self.value = value
  }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
