/// The effects started by one `Store.send`: wait for them or cancel them.
public struct StoreTask: Sendable {
  let handle: any EffectTasksHandle

  /// Waits until every effect started by the action has finished.
  public func finish() async {
    for task in await handle.reducedTasks() { await task.value }
  }

  /// Cancels the effects started by the action.
  public func cancel() {
    handle.cancel()
  }

  /// Whether the action started no effect that runs on (all were `.none` or `.send`). False
  /// while the action still waits to be reduced.
  public var isEmpty: Bool { handle.tasks?.isEmpty ?? false }
}

/// The effect tasks of one sent action, known once it was reduced.
protocol EffectTasksHandle: Sendable {
  /// Waits until the action was reduced; its effect tasks.
  func reducedTasks() async -> [Task<Void, Never>]
  /// The effect tasks, or nil while the action waits to be reduced.
  var tasks: [Task<Void, Never>]? { get }
  /// Cancels the effect tasks, now or once they exist.
  func cancel()
}

extension SendOutcome: EffectTasksHandle {
  func reducedTasks() async -> [Task<Void, Never>] { await reduced().tasks }
}
