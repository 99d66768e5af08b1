/// How an effect sends actions back into its store: `await send(.response(value))`.
///
/// Sending from a cancelled effect does nothing, so a cancelled request never delivers a stale
/// response.
public struct Send<Action: Sendable>: Sendable {
  let deliver: @Sendable (Action) async -> Void

  /// Wraps a closure that delivers actions; used by stores and for testing effects directly.
  public init(_ deliver: @escaping @Sendable (Action) async -> Void) {
    self.deliver = deliver
  }

  /// Sends `action` to the store, unless the effect has been cancelled.
  public func callAsFunction(_ action: Action) async {
    guard !Task.isCancelled else { return }
    await deliver(action)
  }
}
