import HarnessClocks
import HarnessDependencies
import HarnessDump
import HarnessIssues
import Synchronization

/// Runs effects for a store: starts their tasks, tracks which are still running (and which
/// action started them), cancels them by id, and refuses actions sent after an effect ended.
@usableFromInline
final class EffectRuntime<Action: Sendable>: EffectCanceller, Sendable {
  /// Actions `.send` effects produce, in order, to be reduced right after the action that
  /// returned them (before anything else the store has queued).
  @usableFromInline
  struct Sent: Sendable {
    @usableFromInline var action: Action
    @usableFromInline var dependencies: DependencyValues
  }

  /// What starting an effect did: the tasks it started and the actions its `.send`s sent.
  @usableFromInline
  struct Started: Sendable {
    @usableFromInline var tasks: [Task<Void, Never>] = []
    @usableFromInline var sent: [Sent] = []
  }

  private let registry = Locked(EffectRegistry())
  /// Delivers an action sent by a running effect.
  private let deliver: @Sendable (Action, EffectCause) -> Void
  /// Called whenever an effect finishes.
  private let effectFinished: @Sendable () -> Void
  /// Where effect tasks prefer to run: a test store's followed work (see ``TestWork``), where
  /// the runtime then runs their nonisolated async calls without a change of executor each.
  private let taskExecutor: (any TaskExecutor)?

  @usableFromInline
  init(
    deliver: @escaping @Sendable (Action, EffectCause) -> Void,
    effectFinished: @escaping @Sendable () -> Void = {},
    taskExecutor: (any TaskExecutor)? = nil
  ) {
    self.deliver = deliver
    self.effectFinished = effectFinished
    self.taskExecutor = taskExecutor
  }

  /// Starts `effect`, returned by the action sent at `trigger` (of `lineage`): the tasks it
  /// started, and the actions of its `.send`s for the caller to reduce next, in order.
  @usableFromInline
  func start(_ effect: Effect<Action>, trigger: SourceCodeLocation?, lineage: SendLineage? = nil) -> Started {
    var started = Started()
    if case .none = effect.operation { return started }
    let cause = EffectCause(trigger: trigger, lineage: lineage)
    start(effect, cause: cause, cancelIDs: [], tasks: &started.tasks, sent: &started.sent)
    return started
  }

  private func start(
    _ effect: Effect<Action>,
    cause: EffectCause,
    cancelIDs: Set<EffectID>,
    parent: EffectLifecycle? = nil,
    tasks: inout [Task<Void, Never>],
    sent: inout [Sent]
  ) {
    switch effect.operation {
    case .none:
      return
    case let .send(action, dependencies):
      sent.append(Sent(action: action, dependencies: dependencies))
    case let .run(run):
      tasks.append(spawn(run, cause: cause, cancelIDs: cancelIDs, parent: parent))
    case let .merge(effects):
      for effect in effects {
        start(effect, cause: cause, cancelIDs: cancelIDs, parent: parent, tasks: &tasks, sent: &sent)
      }
    case let .concatenate(effects):
      // Leading effects that finish at once (`.send`, `.cancel`) run now, in order, so nothing
      // can come between them; the rest run one after another in a task.
      var index = effects.startIndex
      while index < effects.endIndex, effects[index].isImmediate {
        start(effects[index], cause: cause, cancelIDs: cancelIDs, parent: parent, tasks: &tasks, sent: &sent)
        index += 1
      }
      guard index < effects.endIndex else { return }
      let rest = Array(effects[index...])
      let origin = rest.lazy.compactMap(\.origin).first
      let run = Effect<Action>.Run(
        priority: nil,
        origin: origin ?? cause.trigger ?? SourceCodeLocation(fileID: "", filePath: "", line: 0, column: 0),
        dependencies: .current
      ) { [weak self] _ in
        // Cancellation by id marks the lifecycle before it cancels the task (and its current
        // step's task first, maybe): checking both keeps a cancelled chain from taking a step.
        let lifecycle = EffectContext.current?.lifecycle
        for effect in rest {
          if Task.isCancelled || lifecycle?.state == .cancelled { return }
          await self?.execute(effect, cause: cause, cancelIDs: cancelIDs, parent: lifecycle)
        }
      }
      tasks.append(spawn(run, cause: cause, cancelIDs: cancelIDs, parent: parent))
    case let .cancellable(inner, id, cancelInFlight):
      if cancelInFlight { cancel(id: id) }
      start(inner, cause: cause, cancelIDs: cancelIDs.union([id]), parent: parent, tasks: &tasks, sent: &sent)
    case let .cancel(id):
      cancel(id: id)
    }
  }

  /// Runs `effect` to completion from inside another effect's task (for `.concatenate`).
  private func execute(
    _ effect: Effect<Action>,
    cause: EffectCause,
    cancelIDs: Set<EffectID>,
    parent: EffectLifecycle?
  ) async {
    var tasks: [Task<Void, Never>] = []
    var sent: [Sent] = []
    start(effect, cause: cause, cancelIDs: cancelIDs, parent: parent, tasks: &tasks, sent: &sent)
    for sent in sent where parent?.state != .cancelled { deliver(sent.action, cause) }
    let started = tasks
    await withTaskCancellationHandler {
      for task in started { await task.value }
    } onCancel: {
      for task in started { task.cancel() }
    }
  }

  private func spawn(
    _ run: Effect<Action>.Run,
    cause: EffectCause,
    cancelIDs: Set<EffectID>,
    parent: EffectLifecycle?
  ) -> Task<Void, Never> {
    let lifecycle = EffectLifecycle()
    // Registered before the task exists, so a task that finishes at once is never missed.
    let id = registry.withLock { registry in
      // A step of a chain cancelled by id while it was starting this step is born cancelled
      // (the parent's lifecycle is marked under this lock), and so is an effect of a send whose
      // task was cancelled (see `cancel(lineage:)`).
      if parent?.state == .cancelled || cause.lineage?.isCancelled == true { lifecycle.cancel() }
      registry.nextID += 1
      registry.inFlight[registry.nextID] = EffectInFlight(
        origin: run.origin, trigger: cause.trigger, lineage: cause.lineage, cancelIDs: cancelIDs, lifecycle: lifecycle,
        parent: parent.map(ObjectIdentifier.init)
      )
      return registry.nextID
    }
    let send = Send<Action> { [deliver] action in
      switch lifecycle.state {
      case .running:
        deliver(action, cause)
      case .cancelled:
        return
      case .finished:
        EffectLifecycle.reportLateSend(action, origin: run.origin)
      }
    }
    let context = EffectContext(canceller: self, scope: run.scope, lifecycle: lifecycle)
    // Only a test store (the one with an executor) asks the engine which task runs an effect:
    // a live store makes no engine call per effect.
    let isTested = taskExecutor != nil
    let task = Task(executorPreference: taskExecutor, priority: run.priority) {
      if isTested {
        let taskID = TestWork.currentTaskID
        self.registry.withLock { $0.inFlight[id]?.taskID = taskID }
        if run.origin.line > 0 {
          TestWork.describeCurrentTask("the effect created at \(run.origin.fileID):\(run.origin.line)")
        }
      }
      await withDependencies({ $0 = run.dependencies }) {
        await EffectContext.$current.withValue(context) {
          await run.operation(send)
        }
      }
      self.finish(id)
    }
    let isCancelled = registry.withLock { registry -> Bool in
      guard registry.inFlight[id] != nil else { return false }
      registry.inFlight[id]?.task = task
      return registry.inFlight[id]?.lifecycle.state == .cancelled
    }
    // Cancelled by id between registering and storing the task: cancel it now.
    if isCancelled { task.cancel() }
    return task
  }

  private func finish(_ id: UInt64) {
    let waiters = registry.withLock { registry -> [CheckedContinuation<Void, Never>] in
      if let entry = registry.inFlight.removeValue(forKey: id) { entry.lifecycle.end() }
      guard !registry.inFlight.contains(where: { $0.value.isTracked }) else { return [] }
      defer { registry.idleWaiters = [] }
      return registry.idleWaiters
    }
    for waiter in waiters { waiter.resume() }
    effectFinished()
  }

  /// Cancels every running effect (and `withTaskCancellation` work) marked with `id`.
  func cancel(id: EffectID) {
    registry.withLock { Self.markCancelled(id, in: &$0) }()
  }

  func register(id: EffectID, cancelInFlight: Bool, cancel: @escaping @Sendable () -> Void) -> UInt64 {
    let (token, cancelInFlightWork) = registry.withLock { registry in
      let cancelInFlightWork = cancelInFlight ? Self.markCancelled(id, in: &registry) : {}
      registry.nextID += 1
      registry.nested[registry.nextID] = EffectNestedCancellation(id: id, cancel: cancel)
      return (registry.nextID, cancelInFlightWork)
    }
    cancelInFlightWork()
    return token
  }

  /// Marks the effects running under `id` cancelled (registry held); returns what cancels their
  /// tasks and `withTaskCancellation` work, to call once the lock is let go.
  private static func markCancelled(_ id: EffectID, in registry: inout EffectRegistry) -> @Sendable () -> Void {
    var tasks: [Task<Void, Never>] = []
    for (_, entry) in registry.inFlight where entry.cancelIDs.contains(id) {
      entry.lifecycle.cancel()
      if let task = entry.task { tasks.append(task) }
    }
    let nested = registry.nested.values.filter { $0.id == id }.map(\.cancel)
    return { [tasks] in
      for task in tasks { task.cancel() }
      for cancel in nested { cancel() }
    }
  }

  func unregister(_ token: UInt64) {
    _ = registry.withLock { $0.nested.removeValue(forKey: token) }
  }

  /// Cancels the running effects of `lineage`, and its effects that start later.
  func cancel(lineage: SendLineage) {
    let tasks = registry.withLock { registry in
      // Marked under the lock: an effect registering now is either seen here or born cancelled.
      lineage.markCancelled()
      var tasks: [Task<Void, Never>] = []
      for (_, entry) in registry.inFlight where entry.lineage === lineage {
        entry.lifecycle.cancel()
        if let task = entry.task { tasks.append(task) }
      }
      return tasks
    }
    for task in tasks { task.cancel() }
  }

  /// The tasks of the running effects of `lineage`.
  func tasks(of lineage: SendLineage) -> [Task<Void, Never>] {
    registry.withLock { registry in
      registry.inFlight.values.compactMap { $0.lineage === lineage ? $0.task : nil }
    }
  }

  /// Cancels every running effect.
  func cancelAll() {
    let tasks = registry.withLock { registry in
      registry.inFlight.values.forEach { $0.lifecycle.cancel() }
      return registry.inFlight.values.compactMap(\.task)
    }
    for task in tasks { task.cancel() }
  }

  /// Stops expecting the running effects to finish; they keep running.
  func untrackAll() {
    let waiters = registry.withLock { registry -> [CheckedContinuation<Void, Never>] in
      for key in registry.inFlight.keys { registry.inFlight[key]?.isTracked = false }
      defer { registry.idleWaiters = [] }
      return registry.idleWaiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// The tracked effects still running, oldest first: those an action returned, not the steps
  /// a `.concatenate` of theirs runs (one effect, one report).
  var inFlight: [EffectInFlight] {
    registry.withLock { registry in
      registry.inFlight.filter { $0.value.isTracked && $0.value.parent == nil }.sorted { $0.key < $1.key }.map(\.value)
    }
  }

  /// Whether no effect is running at all (tracked or not).
  var isIdle: Bool { registry.withLock { $0.inFlight.isEmpty } }

  /// Whether no tracked effect is running.
  var isTrackedIdle: Bool { registry.withLock { !$0.inFlight.contains(where: { $0.value.isTracked }) } }

  /// The runtime ids of the running effects' tasks that may send on their own; `nil` while one
  /// has not started yet. A `.concatenate` running a step only waits for it: its task is left
  /// out while the step runs (the step's task is in).
  var runningTaskIDs: [UInt64]? {
    registry.withLock { registry in
      var ids: [UInt64] = []
      let waitingForAStep = Set(registry.inFlight.values.compactMap(\.parent))
      for entry in registry.inFlight.values {
        guard entry.taskID != 0 else { return nil }
        if waitingForAStep.contains(ObjectIdentifier(entry.lifecycle)) { continue }
        ids.append(entry.taskID)
      }
      return ids
    }
  }

  /// Waits until no tracked effect is running.
  func waitUntilIdle() async {
    await withCheckedContinuation { continuation in
      let isIdle = registry.withLock { registry in
        if !registry.inFlight.contains(where: { $0.value.isTracked }) { return true }
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

  /// Whether starting this effect finishes it (no task): nothing, `.send`s and `.cancel`s.
  var isImmediate: Bool {
    switch operation {
    case .none, .send, .cancel: true
    case .run: false
    case let .merge(effects), let .concatenate(effects): effects.allSatisfy(\.isImmediate)
    case let .cancellable(effect, _, _): effect.isImmediate
    }
  }
}

// Outside the generic runtime, so that their metadata is static: nested in it, each would be
// generic over `Action` too, and looked up in the runtime's cache at every use.

/// An effect task that has not finished yet.
struct EffectInFlight: Sendable {
  /// Where `.run` was called (or the first `.run` of a `.concatenate`).
  var origin: SourceCodeLocation?
  /// The `send`/`receive` whose action returned the effect.
  var trigger: SourceCodeLocation?
  /// The send it descends from, if a store's caller sent it.
  var lineage: SendLineage?
  var cancelIDs: Set<EffectID>
  var task: Task<Void, Never>?
  /// The runtime id of the effect's task, once it has started (0 before).
  var taskID: UInt64 = 0
  let lifecycle: EffectLifecycle
  /// The lifecycle of the `.concatenate` that runs this effect as a step; `nil` for an effect an
  /// action returned.
  var parent: ObjectIdentifier?
  /// Whether the TestStore still expects it to finish (`skipInFlightEffects` stops that).
  var isTracked = true
}

/// Work inside an effect made cancellable by `withTaskCancellation(id:)`.
struct EffectNestedCancellation: Sendable {
  var id: EffectID
  var cancel: @Sendable () -> Void
}

struct EffectRegistry: Sendable {
  var nextID: UInt64 = 0
  var inFlight: [UInt64: EffectInFlight] = [:]
  var nested: [UInt64: EffectNestedCancellation] = [:]
  var idleWaiters: [CheckedContinuation<Void, Never>] = []
}
