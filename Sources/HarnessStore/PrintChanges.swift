import HarnessDump

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Reducer {
  /// This reducer, printing every action it receives and the state change it made to standard
  /// error: for debugging a feature, not for production.
  ///
  /// <!-- fragment: Todos is your feature -->
  /// ```swift
  /// Store(initialState: Todos.State()) { Todos()._printChanges() }
  /// ```
  public func _printChanges() -> PrintChangesReducer<Self> {
    PrintChangesReducer(base: self)
  }
}

/// A reducer that logs its actions and state changes. See `Reducer._printChanges()` (DocC hides names that start with an underscore).
public struct PrintChangesReducer<Base: Reducer>: Reducer {
  let base: Base

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let before = state
    let effect = base.reduce(into: &state, action: action)
    let change = diff(before, state).map { "\($0)\n(Before: −, After: +)" } ?? "  (No state changes)"
    let text = "received action:\n\(dumpList([action]))\n\(change)\n"
    // write(2) to descriptor 2: the C `stderr` global is not concurrency-safe to reference.
    var bytes = Array(text.utf8)
    bytes.withUnsafeMutableBytes { buffer in _ = write(2, buffer.baseAddress, buffer.count) }
    return effect
  }
}
