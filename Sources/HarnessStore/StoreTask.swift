/// The effects started by one `Store.send`, and by the actions it led to (its `.send`s, the
/// actions its effects sent, and theirs): wait for them or cancel them.
public struct StoreTask: Sendable {
  let handle: any EffectTasksHandle
  let lineage: SendLineage
  let runtime: any EffectLineages

  init<State, Action>(lineage: SendLineage, sending action: Action, to core: StoreCore<State, Action>) {
    self.lineage = lineage
    self.runtime = core.runtime
    handle = core.send(action, from: .caller(nil), lineage: lineage, wantsOutcome: true)!
  }

  /// Waits until every effect started by the action, or by an action it led to, has finished.
  public func finish() async {
    for task in await handle.reducedTasks() { await task.value }
    // Effects of the actions it led to may start while earlier ones run.
    while true {
      let running = runtime.tasks(of: lineage)
      if running.isEmpty { return }
      for task in running { await task.value }
    }
  }

  /// Cancels the effects started by the action and by the actions it led to, including those
  /// that start later.
  public func cancel() {
    handle.cancel()
    runtime.cancel(lineage: lineage)
  }

  /// Whether the action started no effect that runs on (all were `.none` or `.send`). False
  /// while the action still waits to be reduced.
  public var isEmpty: Bool { handle.tasks?.isEmpty ?? false }
}

/// A store's effects, by the send they descend from (see ``SendLineage``).
protocol EffectLineages: Sendable {
  /// The tasks of the running effects of `lineage`.
  func tasks(of lineage: SendLineage) -> [Task<Void, Never>]
  /// Cancels the running effects of `lineage`, and those that start later.
  func cancel(lineage: SendLineage)
}

extension EffectRuntime: EffectLineages {}

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
