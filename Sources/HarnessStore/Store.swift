import HarnessDependencies
import HarnessIssues

/// Runs a feature for real: holds its state, reduces the actions sent to it and runs the
/// effects the reducer returns, until the store is released (which cancels what still runs).
///
/// ```swift
/// let store = Store(initialState: Todos.State()) { Todos() }
/// store.send(.addButtonTapped)
/// for await state in store.states { render(state) }
/// ```
public final class Store<State: Sendable, Action: Sendable>: Sendable {
  private struct Core: Sendable {
    var state: State
    var observers: [UInt64: AsyncStream<State>.Continuation] = [:]
    var nextObserver: UInt64 = 0
  }

  private let reducer: any Reducer<State, Action>
  private let core: Locked<Core>
  private let scope: CapturedDependencies
  private let runtime: EffectRuntime<Action>

  /// A store running `reducer` from `initialState`. `prepareDependencies` changes the
  /// dependencies of the reducer and every effect it starts.
  public init<R: Reducer>(
    initialState: State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in }
  ) where R.State == State, R.Action == Action {
    let (reducer, scope) = CapturedDependencies.capture(prepareDependencies, reducer)
    self.reducer = reducer
    self.scope = scope
    self.core = Locked(Core(state: initialState))
    let box = WeakReference<Store>()
    self.runtime = EffectRuntime(
      deliverNow: { action, _ in box.value?.send(action) },
      deliverLater: { action, _ in box.value?.send(action) }
    )
    box.value = self
  }

  deinit {
    runtime.cancelAll()
    core.withLock { core in
      for observer in core.observers.values { observer.finish() }
    }
  }

  /// The current state.
  public var state: State { core.withLock { $0.state } }

  /// Reduces `action` and starts the effects it returns. The returned task lets the caller
  /// wait for those effects (`await store.send(.save).finish()`) or cancel them.
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    let (effect, observers, state) = scope.run {
      core.withLock { core in
        let effect = reducer.reduce(into: &core.state, action: action)
        return (effect, Array(core.observers.values), core.state)
      }
    }
    for observer in observers { observer.yield(state) }
    return StoreTask(tasks: scope.run { runtime.start(effect, trigger: nil) })
  }

  /// The current state, then every state after an action was reduced.
  public var states: AsyncStream<State> {
    let (stream, continuation) = AsyncStream<State>.makeStream(bufferingPolicy: .bufferingNewest(1))
    let id = core.withLock { core in
      core.nextObserver += 1
      core.observers[core.nextObserver] = continuation
      continuation.yield(core.state)
      return core.nextObserver
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.core.withLock { $0.observers.removeValue(forKey: id) }
    }
    return stream
  }

  /// Waits until every effect started so far has finished (for command-line apps that exit
  /// once their work is done).
  public func finishEffects() async {
    await runtime.waitUntilIdle()
  }
}
