/// A value that tasks and escaping closures share, behind a lock: the everyday way for a test to
/// collect what code under test does (a client's calls, events, ticks) from any thread.
///
/// ```swift
/// struct StorageClient: Sendable { var save: @Sendable (String) -> Void }
///
/// struct Editor {
///   let client: StorageClient
///   func type(_ text: String) async {
///     var typed = ""
///     for character in text {
///       typed.append(character)
///       client.save(typed)
///     }
///   }
/// }
///
/// @Test func savesEachChange() async {
///   let saved = LockIsolated<[String]>([])
///   let client = StorageClient(save: { text in saved.withValue { $0.append(text) } })
///   await Editor(client: client).type("hi")
///   #expect(saved.value == ["h", "hi"])
/// }
/// ```
///
/// Each access takes the lock once; to read and write in one step (an increment, an append),
/// use ``withValue(_:)``, never `value` then ``setValue(_:)``.
@dynamicMemberLookup
public final class LockIsolated<Value>: @unchecked Sendable {
  // @unchecked: the value is only reached through `storage`'s lock.
  private let storage: Locked<Value>

  /// A value `value` behind a lock.
  public init(_ value: @autoclosure @Sendable () throws -> Value) rethrows {
    storage = Locked(try value())
  }

  /// The value now.
  public var value: Value {
    storage.withLock { $0 }
  }

  /// A property of the value now.
  public subscript<Subject: Sendable>(dynamicMember keyPath: KeyPath<Value, Subject>) -> Subject {
    storage.withLock { $0[keyPath: keyPath] }
  }

  /// Reads and changes the value in one step, with the lock held.
  public func withValue<T: Sendable>(_ operation: @Sendable (inout Value) throws -> T) rethrows -> T {
    try storage.withLock { value in try operation(&value) }
  }

  /// Replaces the value.
  public func setValue(_ newValue: @autoclosure @Sendable () throws -> Value) rethrows {
    let value = try newValue()
    storage.withLock { $0 = value }
  }
}

extension LockIsolated: Equatable where Value: Equatable {
  public static func == (lhs: LockIsolated, rhs: LockIsolated) -> Bool {
    lhs.value == rhs.value
  }
}

extension LockIsolated where Value: Sendable {
  /// Replaces the value and returns the one it had, in one step.
  @discardableResult
  public func exchange(with newValue: Value) -> Value {
    storage.withLock { value in
      defer { value = newValue }
      return value
    }
  }
}
