import HarnessClocks
import HarnessDependencies
import HarnessIssues

/// The reducer core shared by ``Store`` and ``TestStore``: actions are reduced one at a time in
/// the order they are sent, then the state is published and the effects started, in that same
/// order.
///
/// Whoever sends while nobody is reducing becomes the drainer: it reduces its action and every
/// action queued meanwhile, on its own thread, until the queue is empty. Others only enqueue.
/// One drainer at a time is what orders publication and effect starts; the queue (not the
/// stack) is what makes a chain of 100,000 `.send`s run at constant stack depth. Actions from
/// `.send` effects go to a queue of their own that is drained first, so the `.send`s of one
/// action are reduced right after it, with nothing else in between.
///
/// The drainer owns the state while it reduces: the reducer runs outside the lock, on a copy,
/// and the lock is taken only to pick the next action and to store the state it produced. So a
/// reducer (or a dependency it builds) may read `state`, which is the last state stored, and may
/// send: from another thread that queues as usual; from the drainer's own thread (reentrancy)
/// the action is reported and reduced right after the current one, before its `.send`s.
///
/// Its hot path is `@inlinable` (with everything it touches `@usableFromInline`), so that a
/// feature's module specializes it for the feature's `State` and `Action`: unspecialized, every
/// use of a type nested in it (an item, the guarded state, an optional of either) looked its
/// generic metadata up in the runtime's cache, a quarter of a `TestStore` round trip.
@usableFromInline
final class StoreCore<State: Sendable, Action: Sendable>: Sendable {
  /// Where an action came from.
  @usableFromInline
  enum Source: Sendable {
    /// `send` called on the store, at this location (if known).
    case caller(SourceCodeLocation?)
    /// Sent by an effect that the action sent at `trigger` started.
    case effect(trigger: SourceCodeLocation?)
  }

  /// An action reduced: the state right after it, where it came from.
  @usableFromInline
  struct Reduced: Sendable {
    @usableFromInline var action: Action
    @usableFromInline var state: State
    @usableFromInline var source: Source

    @inlinable
    init(action: Action, state: State, source: Source) {
      self.action = action
      self.state = state
      self.source = source
    }
  }

  @usableFromInline
  struct Item: Sendable {
    @usableFromInline var action: Action
    @usableFromInline var source: Source
    /// Dependencies a `.send` effect captured; the store's otherwise.
    @usableFromInline var dependencies: DependencyValues?
    @usableFromInline var outcome: SendOutcome<State>?
    /// The caller's send it descends from (see ``SendLineage``).
    @usableFromInline var lineage: SendLineage?

    @inlinable
    init(
      action: Action, source: Source, dependencies: DependencyValues?, outcome: SendOutcome<State>?,
      lineage: SendLineage?
    ) {
      self.action = action
      self.source = source
      self.dependencies = dependencies
      self.outcome = outcome
      self.lineage = lineage
    }
  }

  /// The next action for the drainer to reduce, with the dependencies to reduce it with.
  @usableFromInline
  struct Next: Sendable {
    @usableFromInline var item: Item
    @usableFromInline var dependencies: DependencyValues

    @inlinable
    init(item: Item, dependencies: DependencyValues) {
      self.item = item
      self.dependencies = dependencies
    }
  }

  /// What a `send` does once it has looked at the queue.
  @usableFromInline
  enum Arrival: Sendable {
    /// Nobody was reducing: the sender drains, starting with its own action from `state`.
    case drain(Next, state: State)
    /// Another thread is draining: it reduces the action before it stops.
    case queued
    /// Sent by the reducer of `reducing`, on the drainer's own thread.
    case reentered(reducing: Action)
  }

  @usableFromInline
  struct Guarded: Sendable {
    /// The state after the last action reduced (stored before it is published).
    @usableFromInline var state: State
    @usableFromInline var dependencies: DependencyValues
    /// Actions a reducer sent to its own store while it ran: reduced right after it.
    @usableFromInline var reentrant = ItemQueue<Item>()
    @usableFromInline var chained = ItemQueue<Item>()
    @usableFromInline var queued = ItemQueue<Item>()
    @usableFromInline var isDraining = false
    /// The drainer's thread (valid while `isDraining`).
    @usableFromInline var drainer: UInt = 0
    /// The action the drainer's reducer is running for, if it is running one.
    @usableFromInline var reducing: Action?

    @inlinable
    init(state: State, dependencies: DependencyValues) {
      self.state = state
      self.dependencies = dependencies
    }

    /// Takes the next action to reduce, or stops draining when none is left.
    @inlinable
    mutating func next() -> Next? {
      guard let item = reentrant.popFirst() ?? chained.popFirst() ?? queued.popFirst() else {
        isDraining = false
        return nil
      }
      reducing = item.action
      return Next(item: item, dependencies: item.dependencies ?? dependencies)
    }
  }

  @usableFromInline let reducer: any Reducer<State, Action>
  @usableFromInline let guarded: Locked<Guarded>
  @usableFromInline let runtime: EffectRuntime<Action>
  /// Called by the drainer after each reduce, in reduce order, before its effects start.
  @usableFromInline let didReduce: @Sendable (Reduced) -> Void

  /// A core running `reducer` from `initialState` with `dependencies` current while reducing.
  @inlinable
  init(
    initialState: State,
    reducer: any Reducer<State, Action>,
    dependencies: DependencyValues,
    didReduce: @escaping @Sendable (Reduced) -> Void,
    effectFinished: @escaping @Sendable () -> Void = {},
    effectExecutor: (any TaskExecutor)? = nil
  ) {
    self.reducer = reducer
    self.guarded = Locked(Guarded(state: initialState, dependencies: dependencies))
    self.didReduce = didReduce
    let box = WeakReference<StoreCore>()
    self.runtime = EffectRuntime(
      deliver: { action, cause in
        box.value?.send(action, from: .effect(trigger: cause.trigger), lineage: cause.lineage)
      },
      effectFinished: effectFinished,
      taskExecutor: effectExecutor
    )
    box.value = self
    registerLiveCanceller(runtime)
  }

  deinit {
    runtime.cancelAll()
  }

  /// The state after the last action reduced (during a reduce: the state before it).
  @inlinable
  var state: State { guarded.withLock { $0.state } }

  /// The dependencies actions are reduced with (changing them affects later actions).
  @inlinable
  var dependencies: DependencyValues {
    get { guarded.withLock { $0.dependencies } }
    set { guarded.withLock { $0.dependencies = newValue } }
  }

  /// Queues `action`; reduces it (and whatever is queued) now unless another sender is
  /// already reducing, in which case that sender reduces it before it stops. The outcome
  /// tells when it was reduced, the state after it and the effects it started.
  ///
  /// Sent by a reducer to its own store (on the drainer's thread, while it reduces), the
  /// action is reported and reduced right after the one being reduced: never a deadlock.
  @inlinable
  @discardableResult
  func send(
    _ action: Action, from source: Source, lineage: SendLineage?, wantsOutcome: Bool = false
  ) -> SendOutcome<State>? {
    let outcome = wantsOutcome ? SendOutcome<State>() : nil
    _ = arrive(
      Item(action: action, source: source, dependencies: nil, outcome: outcome, lineage: lineage),
      outcomeIfQueued: false)
    return outcome
  }

  /// Sends `action` as ``send(_:from:wantsOutcome:)`` does and waits until it was reduced: the
  /// state right after it and the effects it started. A sender that reduces its action itself
  /// (the usual case) makes no ``SendOutcome``. Runs in the caller's isolation, as a
  /// synchronous `send` would: the reducer runs there, and no executor is changed.
  @inlinable
  func sendAndWait(
    _ action: Action,
    from source: Source,
    lineage: SendLineage?,
    isolation: isolated (any Actor)? = #isolation
  ) async -> (state: State, tasks: [Task<Void, Never>]) {
    let item = Item(action: action, source: source, dependencies: nil, outcome: nil, lineage: lineage)
    switch arrive(item, outcomeIfQueued: true) {
    case let .reduced(state, tasks):
      return (state, tasks)
    case let .pending(outcome):
      return await outcome!.reduced()
    }
  }

  /// What became of an action once it arrived.
  @usableFromInline
  enum Reception {
    /// Its sender reduced it: the state right after it, the effects it started.
    case reduced(State, [Task<Void, Never>])
    /// Another sender reduces it (or it was sent reentrantly): its outcome, if it has one.
    case pending(SendOutcome<State>?)
  }

  /// Queues `item`, giving it an outcome if asked and another sender will reduce it, and
  /// drains if nobody is reducing.
  @inlinable
  func arrive(_ item: Item, outcomeIfQueued: Bool) -> Reception {
    var item = item
    let arrival = guarded.withLock { guarded -> Arrival in
      if guarded.isDraining {
        if outcomeIfQueued, item.outcome == nil { item.outcome = SendOutcome() }
        // Only the drainer's own reducer can send on its thread while it reduces: that thread
        // is inside `drain`, which never suspends.
        if let reducing = guarded.reducing, guarded.drainer == currentThreadID() {
          guarded.reentrant.append(item)
          return .reentered(reducing: reducing)
        }
        guarded.queued.append(item)
        return .queued
      }
      guarded.isDraining = true
      guarded.drainer = currentThreadID()
      guarded.reducing = item.action
      return .drain(Next(item: item, dependencies: guarded.dependencies), state: guarded.state)
    }
    switch arrival {
    case let .drain(first, state):
      let (state, tasks) = drain(from: first, state: state)
      return .reduced(state, tasks)
    case .queued:
      return .pending(item.outcome)
    case let .reentered(reducing):
      reportReentrantSend(item.action, whileReducing: reducing)
      return .pending(item.outcome)
    }
  }

  /// Reduces `first`, then queued actions until none is left; returns the state right after
  /// `first` and the effects it started. Only the drainer calls this.
  @inlinable
  func drain(from first: Next, state: State) -> (state: State, tasks: [Task<Void, Never>]) {
    // The drainer's copy of the state: nobody else writes it while this thread drains.
    var state = state
    var next = first
    var firstReduced: (state: State, tasks: [Task<Void, Never>])?
    while true {
      let item = next.item
      let reducer = self.reducer
      let effect = withDependencies({ $0 = next.dependencies }) {
        reducer.reduce(into: &state, action: item.action)
      }
      // Stored before it is published: a `states` subscriber never sees a newer state than `state`.
      guarded.withLock { guarded in
        guarded.state = state
        guarded.reducing = nil
      }
      didReduce(Reduced(action: item.action, state: state, source: item.source))
      let trigger: SourceCodeLocation? =
        switch item.source {
        case let .caller(location): location
        case let .effect(trigger): trigger
        }
      let started = runtime.start(effect, trigger: trigger, lineage: item.lineage)
      // Nominal types, not tuples, cross the lock: tuple metadata is looked up on every use.
      let following = guarded.withLock { guarded -> Next? in
        for sent in started.sent {
          guarded.chained.append(
            Item(
              action: sent.action, source: .effect(trigger: trigger), dependencies: sent.dependencies, outcome: nil,
              lineage: item.lineage)
          )
        }
        return guarded.next()
      }
      item.outcome?.complete(state: state, tasks: started.tasks)
      if firstReduced == nil { firstReduced = (state, started.tasks) }
      guard let following else { return firstReduced! }
      next = following
    }
  }

  @usableFromInline
  func reportReentrantSend(_ action: Action, whileReducing reducing: Action) {
    let sent = dumpOneLine(action)
    let current = dumpOneLine(reducing)
    reportIssue(
      """
      \(sent) was sent to a store while it was reducing \(current), from its reducer (same thread).

      A reducer must not send to its own store: the action is reduced right after \(current), \
      before that action's effects send anything. Return `.send(\(sent))` from the reducer \
      instead, or send it from an effect: `.run { send in await send(\(sent)) }`.
      """
    )
  }
}

/// A FIFO queue with O(1) append and removal from the front.
@usableFromInline
struct ItemQueue<Element> {
  @usableFromInline var elements: [Element] = []
  @usableFromInline var head = 0

  @inlinable
  init() {}

  @inlinable
  mutating func append(_ element: Element) { elements.append(element) }

  @inlinable
  mutating func popFirst() -> Element? {
    guard head < elements.count else { return nil }
    let element = elements[head]
    head += 1
    if head == elements.count {
      elements.removeAll(keepingCapacity: true)
      head = 0
    } else if head >= 1024, head * 2 >= elements.count {
      // Drop the consumed prefix now and then, so a long-lived queue does not only grow.
      elements.removeFirst(head)
      head = 0
    }
    return element
  }
}

extension ItemQueue: Sendable where Element: Sendable {}

/// When an action sent to a store was reduced: the state right after it and the effects it
/// started. Pending while another sender is still reducing earlier actions.
@usableFromInline
final class SendOutcome<State: Sendable>: Sendable {
  @usableFromInline
  enum Stage: Sendable {
    case pending(waiters: [CheckedContinuation<Void, Never>], cancelRequested: Bool)
    case done(state: State, tasks: [Task<Void, Never>])
  }

  @usableFromInline let stage: Locked<Stage>

  // Set here, not as the property's initial value: that is a function of its own, which the
  // client does not specialize.
  @inlinable
  init() { stage = Locked(Stage.pending(waiters: [], cancelRequested: false)) }

  @inlinable
  func complete(state: State, tasks: [Task<Void, Never>]) {
    let (waiters, cancel) = stage.withLock { stage -> ([CheckedContinuation<Void, Never>], Bool) in
      guard case let .pending(waiters, cancelRequested) = stage else { return ([], false) }
      stage = .done(state: state, tasks: tasks)
      return (waiters, cancelRequested)
    }
    if cancel { for task in tasks { task.cancel() } }
    for waiter in waiters { waiter.resume() }
  }

  /// Waits until the action was reduced.
  @inlinable
  func reduced() async -> (state: State, tasks: [Task<Void, Never>]) {
    while true {
      if case let .done(state, tasks) = stage.withLock({ $0 }) { return (state, tasks) }
      await withCheckedContinuation { continuation in
        let isDone = stage.withLock { stage -> Bool in
          guard case .pending(var waiters, let cancelRequested) = stage else { return true }
          waiters.append(continuation)
          stage = .pending(waiters: waiters, cancelRequested: cancelRequested)
          return false
        }
        if isDone { continuation.resume() }
      }
    }
  }

  /// The effect tasks, once the action was reduced.
  var tasks: [Task<Void, Never>]? {
    if case let .done(_, tasks) = stage.withLock({ $0 }) { return tasks }
    return nil
  }

  /// Cancels the effects the action started (now, or when it is reduced).
  func cancel() {
    let tasks = stage.withLock { stage -> [Task<Void, Never>] in
      switch stage {
      case let .pending(waiters, _):
        stage = .pending(waiters: waiters, cancelRequested: true)
        return []
      case let .done(_, tasks):
        return tasks
      }
    }
    for task in tasks { task.cancel() }
  }
}

/// The calling thread's id, for the drainer's reentrancy check.
@usableFromInline
func currentThreadID() -> UInt { ThreadIdentity.current() }

/// Registers a store's effect runtime for `Task.cancel(id:)` outside effects.
@usableFromInline
func registerLiveCanceller<Action>(_ runtime: EffectRuntime<Action>) { LiveCancellers.add(runtime) }
