import HarnessClocks
import HarnessIssues

/// Runs effects for a store: starts their tasks, tracks which are still running (and which
/// action started them), and cancels them by id.
final class EffectRuntime<Action: Sendable>: Sendable {
  /// An effect task that has not finished yet.
  struct InFlight: Sendable {
    /// Where `.run` was called (or the first `.run` of a `.concatenate`).
    var origin: SourceCodeLocation?
    /// The `send`/`receive` whose action returned the effect.
    var trigger: SourceCodeLocation?
    var cancelIDs: Set<EffectID>
    var task: Task<Void, Never>?
    /// The runtime id of the effect's task, once it has started (0 before).
    var taskID: UInt64 = 0
    var isCancelled = false
  }

  private struct Registry: Sendable {
    var nextID: UInt64 = 0
    var inFlight: [UInt64: InFlight] = [:]
    var idleWaiters: [CheckedContinuation<Void, Never>] = []
  }

  private let registry = Locked(Registry())
  /// Delivers an action from `.send` effects (synchronously, right after the reducer).
  private let deliverNow: @Sendable (Action, SourceCodeLocation?) -> Void
  /// Delivers an action sent by a running effect.
  private let deliverLater: @Sendable (Action, SourceCodeLocation?) async -> Void
  private let executor: (any TaskExecutor)?
  /// Called whenever an effect finishes.
  private let effectFinished: @Sendable () -> Void

  init(
    executor: (any TaskExecutor)? = nil,
    deliverNow: @escaping @Sendable (Action, SourceCodeLocation?) -> Void,
    deliverLater: @escaping @Sendable (Action, SourceCodeLocation?) async -> Void,
    effectFinished: @escaping @Sendable () -> Void = {}
  ) {
    self.executor = executor
    self.deliverNow = deliverNow
    self.deliverLater = deliverLater
    self.effectFinished = effectFinished
  }

  /// Starts `effect`, returned by the action sent at `trigger`. Must be called in the
  /// dependency scope the effect should capture (tasks inherit task-local values).
  @discardableResult
  func start(_ effect: Effect<Action>, trigger: SourceCodeLocation?) -> [Task<Void, Never>] {
    start(effect, trigger: trigger, cancelIDs: [])
  }

  @discardableResult
  private func start(
    _ effect: Effect<Action>,
    trigger: SourceCodeLocation?,
    cancelIDs: Set<EffectID>
  ) -> [Task<Void, Never>] {
    switch effect.operation {
    case .none:
      return []
    case let .send(action):
      deliverNow(action, trigger)
      return []
    case let .run(run):
      return [spawn(origin: run.origin, trigger: trigger, cancelIDs: cancelIDs, priority: run.priority) { [deliverLater] in
        await run.operation(Send { action in await deliverLater(action, trigger) })
      }]
    case let .merge(effects):
      return effects.flatMap { start($0, trigger: trigger, cancelIDs: cancelIDs) }
    case let .concatenate(effects):
      return [spawn(origin: effects.lazy.compactMap(\.origin).first, trigger: trigger, cancelIDs: cancelIDs, priority: nil) {
        for effect in effects {
          if Task.isCancelled { return }
          await self.execute(effect, trigger: trigger, cancelIDs: cancelIDs)
        }
      }]
    case let .cancellable(inner, id, cancelInFlight):
      if cancelInFlight { cancel(id: id) }
      return start(inner, trigger: trigger, cancelIDs: cancelIDs.union([id]))
    case let .cancel(id):
      cancel(id: id)
      return []
    }
  }

  /// Runs `effect` to completion from inside another effect's task (for `.concatenate`).
  private func execute(_ effect: Effect<Action>, trigger: SourceCodeLocation?, cancelIDs: Set<EffectID>) async {
    if case let .send(action) = effect.operation {
      await deliverLater(action, trigger)
      return
    }
    let tasks = start(effect, trigger: trigger, cancelIDs: cancelIDs)
    await withTaskCancellationHandler {
      for task in tasks { await task.value }
    } onCancel: {
      for task in tasks { task.cancel() }
    }
  }

  private func spawn(
    origin: SourceCodeLocation?,
    trigger: SourceCodeLocation?,
    cancelIDs: Set<EffectID>,
    priority: TaskPriority?,
    _ body: @escaping @Sendable () async -> Void
  ) -> Task<Void, Never> {
    // Registered before the task exists, so a task that finishes at once is never missed.
    let id = registry.withLock { registry in
      registry.nextID += 1
      registry.inFlight[registry.nextID] = InFlight(origin: origin, trigger: trigger, cancelIDs: cancelIDs)
      return registry.nextID
    }
    let task = Task(executorPreference: executor, priority: priority) {
      let taskID = TestWork.currentTaskID
      self.registry.withLock { $0.inFlight[id]?.taskID = taskID }
      await body()
      self.finish(id)
    }
    let cancelledEarly = registry.withLock { registry in
      registry.inFlight[id]?.task = task
      return registry.inFlight[id]?.isCancelled ?? false
    }
    if cancelledEarly { task.cancel() }
    return task
  }

  private func finish(_ id: UInt64) {
    let waiters = registry.withLock { registry -> [CheckedContinuation<Void, Never>] in
      registry.inFlight[id] = nil
      guard registry.inFlight.isEmpty else { return [] }
      defer { registry.idleWaiters = [] }
      return registry.idleWaiters
    }
    for waiter in waiters { waiter.resume() }
    effectFinished()
  }

  /// Cancels every running effect marked cancellable with `id`.
  func cancel(id: EffectID) {
    let tasks = registry.withLock { registry in
      var tasks: [Task<Void, Never>] = []
      for (key, var entry) in registry.inFlight where entry.cancelIDs.contains(id) {
        entry.isCancelled = true
        registry.inFlight[key] = entry
        if let task = entry.task { tasks.append(task) }
      }
      return tasks
    }
    for task in tasks { task.cancel() }
  }

  /// Cancels every running effect.
  func cancelAll() {
    let tasks = registry.withLock { registry in
      registry.inFlight.keys.forEach { registry.inFlight[$0]?.isCancelled = true }
      return registry.inFlight.values.compactMap(\.task)
    }
    for task in tasks { task.cancel() }
  }

  /// The effects still running, oldest first.
  var inFlight: [InFlight] {
    registry.withLock { registry in
      registry.inFlight.sorted { $0.key < $1.key }.map(\.value)
    }
  }

  /// Whether no effect is running.
  var isIdle: Bool { registry.withLock { $0.inFlight.isEmpty } }

  /// The runtime ids of the running effects' tasks; `nil` while one has not started yet.
  var runningTaskIDs: [UInt64]? {
    registry.withLock { registry in
      var ids: [UInt64] = []
      for entry in registry.inFlight.values {
        guard entry.taskID != 0 else { return nil }
        ids.append(entry.taskID)
      }
      return ids
    }
  }

  /// Waits until no effect is running.
  func waitUntilIdle() async {
    await withCheckedContinuation { continuation in
      let isIdle = registry.withLock { registry in
        if registry.inFlight.isEmpty { return true }
        registry.idleWaiters.append(continuation)
        return false
      }
      if isIdle { continuation.resume() }
    }
  }
}

extension Effect {
  /// The source location of the first `.run` inside this effect, if any.
  var origin: SourceCodeLocation? {
    switch operation {
    case .none, .send, .cancel: nil
    case let .run(run): run.origin
    case let .merge(effects), let .concatenate(effects): effects.lazy.compactMap(\.origin).first
    case let .cancellable(effect, _, _): effect.origin
    }
  }
}
