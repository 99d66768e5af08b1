import HarnessDependencies
import HarnessIssues

/// A store of the feature `R`: `StoreOf<Counter>`.
public typealias StoreOf<R: Reducer> = Store<R.State, R.Action>

/// Runs a feature for real: holds its state, reduces the actions sent to it and runs the
/// effects the reducer returns, until the store is released (which cancels what still runs).
///
/// <!-- fragment: Todos is your feature, render(_:) your UI -->
/// ```swift
/// let store = Store(initialState: Todos.State()) { Todos() }
/// store.send(.addButtonTapped)
/// for await state in store.states { render(state) }
/// ```
///
/// Isolation: a `Store` is not bound to the main actor (TCA's is). It is `Sendable` and can be
/// used from any thread or task — a command-line tool or a server needs no main run loop. Actions
/// are reduced one at a time, in the order they are sent; states are published and effects
/// started in that same order (each effect a task of the global executor: the first steps of
/// two effects may run in either order, as with any two tasks; a `TestStore`, or a test under a
/// Harness trait such as `.dependencies`, runs them one at a time in start order).
public final class Store<State: Sendable, Action: Sendable>: Sendable {
  private let backing: Backing

  private enum Backing: Sendable {
    case root(StoreCore<State, Action>, StatePublisher<State>)
    case scoped(
      state: @Sendable () -> State,
      send: @Sendable (Action) -> StoreTask,
      states: @Sendable () -> AsyncStream<State>
    )
  }

  private init(backing: Backing) { self.backing = backing }

  /// A store running `reducer` from `initialState`. `prepareDependencies` changes the
  /// dependencies of the reducer and every effect it starts; the initial state is built with
  /// them too.
  public convenience init<R: Reducer>(
    initialState: @autoclosure () -> State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in }
  ) where R.State == State, R.Action == Action {
    let (reducer, initialState, dependencies) = withDependencies(prepareDependencies) {
      (reducer(), initialState(), DependencyValues.current)
    }
    let publisher = StatePublisher(initialState)
    let core = StoreCore(
      initialState: initialState,
      reducer: reducer,
      dependencies: dependencies,
      didReduce: { reduced in publisher.publish(reduced.state) }
    )
    self.init(backing: .root(core, publisher))
  }

  deinit {
    if case let .root(_, publisher) = backing { publisher.finish() }
  }

  /// The current state.
  public var state: State {
    switch backing {
    case let .root(core, _): core.state
    case let .scoped(state, _, _): state()
    }
  }

  /// Reduces `action` and starts the effects it returns. The returned task lets the caller
  /// wait for those effects (`await store.send(.save).finish()`) or cancel them.
  ///
  /// Sent while another thread's action is being reduced, `action` is reduced right after it
  /// (by that thread), before this call's task reports its effects.
  ///
  /// A reducer may read its own store's `state` (the state before the action it reduces). Sent
  /// by the store's own reducer while it reduces, `action` is reported (return `.send(action)`
  /// instead) and reduced right after the current action: never a deadlock.
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    switch backing {
    case let .root(core, _):
      StoreTask(lineage: SendLineage(), sending: action, to: core)
    case let .scoped(_, send, _):
      send(action)
    }
  }

  /// The current state, then every state after an action was reduced, in order. A slow
  /// consumer skips to the newest state.
  public var states: AsyncStream<State> {
    switch backing {
    case let .root(_, publisher): publisher.subscribe()
    case let .scoped(_, _, states): states()
    }
  }

  /// A store of a child feature: its state is `state` of this store's state, its actions are
  /// embedded into this store's with `action`. It keeps this store alive.
  ///
  /// <!-- fragment: store is a Store of an AppFeature with a counter child -->
  /// ```swift
  /// let counter = store.scope(state: \.counter, action: AppFeature.Action.counter)
  /// counter.send(.incrementTapped)
  /// ```
  public func scope<ChildState: Sendable, ChildAction: Sendable>(
    state toChildState: KeyPath<State, ChildState> & Sendable,
    action embed: @escaping @Sendable (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    Store<ChildState, ChildAction>(
      backing: .scoped(
        state: { self.state[keyPath: toChildState] },
        send: { self.send(embed($0)) },
        states: {
          let parent = self.states
          return AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
            let task = Task {
              for await state in parent { continuation.yield(state[keyPath: toChildState]) }
              continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
          }
        }
      )
    )
  }

  /// Waits until every effect started so far has finished (for command-line apps that exit
  /// once their work is done).
  public func finishEffects() async {
    switch backing {
    case let .root(core, _): await core.runtime.waitUntilIdle()
    case .scoped: return
    }
  }
}

/// Publishes a store's states to its `states` streams, in the order they were reduced.
final class StatePublisher<State: Sendable>: Sendable {
  private struct Observers: Sendable {
    /// The last state published: what a new subscriber sees first (never a newer state that
    /// is still to be published, which would then be followed by an older one).
    var latest: State
    var continuations: [UInt64: AsyncStream<State>.Continuation] = [:]
    var next: UInt64 = 0
  }

  private let observers: Locked<Observers>

  init(_ initialState: State) { observers = Locked(Observers(latest: initialState)) }

  /// Called by the store's drainer only, so calls never overlap and arrive in reduce order.
  func publish(_ state: State) {
    observers.withLock { observers in
      observers.latest = state
      for continuation in observers.continuations.values { continuation.yield(state) }
    }
  }

  func subscribe() -> AsyncStream<State> {
    let (stream, continuation) = AsyncStream<State>.makeStream(bufferingPolicy: .bufferingNewest(1))
    let id = observers.withLock { observers in
      observers.next += 1
      observers.continuations[observers.next] = continuation
      continuation.yield(observers.latest)
      return observers.next
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.observers.withLock { $0.continuations.removeValue(forKey: id) }
    }
    return stream
  }

  func finish() {
    let continuations = observers.withLock { observers in
      defer { observers.continuations = [:] }
      return Array(observers.continuations.values)
    }
    for continuation in continuations { continuation.finish() }
  }
}
