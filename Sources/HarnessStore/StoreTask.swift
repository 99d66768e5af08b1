/// The effects started by one `Store.send`: wait for them or cancel them.
public struct StoreTask: Sendable {
  let tasks: [Task<Void, Never>]

  /// Waits until every effect started by the action has finished.
  public func finish() async {
    for task in tasks { await task.value }
  }

  /// Cancels the effects started by the action.
  public func cancel() {
    for task in tasks { task.cancel() }
  }

  /// Whether the action started no effect that runs on (all were `.none` or `.send`).
  public var isEmpty: Bool { tasks.isEmpty }
}
