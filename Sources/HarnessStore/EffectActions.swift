extension Effect {
  /// The actions this effect sends, run outside any store: for unit-testing one effect.
  ///
  /// `.send`s come first, in order, then what its running work sends; the sequence ends when
  /// all of it has finished. Ending the iteration early cancels the work. `Task.cancel(id:)`
  /// from the test cancels its effects marked with that id; for its own `.cancellable(id:)`,
  /// `cancelInFlight` and `debounce`, each stream is a store of its own (as two stores are):
  /// they do not reach the effects of another `actions` stream.
  ///
  /// <!-- fragment: Feature and state are the feature under test -->
  /// ```swift
  /// let effect = Feature().reduce(into: &state, action: .refresh)
  /// var received: [Feature.Action] = []
  /// for await action in effect.actions { received.append(action) }
  /// ```
  public var actions: AsyncStream<Action> {
    AsyncStream { continuation in
      let runtime = EffectRuntime<Action>(deliver: { action, _ in continuation.yield(action) })
      // `Task.cancel(id:)` from the test reaches its effects, as it reaches a store's.
      registerLiveCanceller(runtime)
      for sent in runtime.start(self, trigger: nil).sent { continuation.yield(sent.action) }
      let waiter = Task {
        await runtime.waitUntilIdle()
        continuation.finish()
      }
      continuation.onTermination = { _ in
        runtime.cancelAll()
        waiter.cancel()
      }
    }
  }
}
