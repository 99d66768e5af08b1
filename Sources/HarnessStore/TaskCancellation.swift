import HarnessIssues

extension Task where Success == Never, Failure == Never {
  /// Cancels the effects marked `.cancellable(id: id)` (and `withTaskCancellation(id: id)`
  /// work) of the store whose effect calls it, within the same child feature.
  ///
  /// Outside any effect (a test helper, for example) it cancels that id in every store of the
  /// current test (of the process, outside tests).
  ///
  /// <!-- fragment: a case of a reducer's switch; CancelID is the feature's -->
  /// ```swift
  /// return .run { _ in await Task.cancel(id: CancelID.timer) }
  /// ```
  public static func cancel(id: some Hashable & Sendable) async {
    if let context = EffectContext.current {
      context.canceller.cancel(id: EffectID(id, scope: context.scope))
    } else {
      for canceller in LiveCancellers.forCurrentTest() { canceller.cancel(id: EffectID(id)) }
    }
  }
}

/// Runs `operation` so that `Task.cancel(id:)` or an effect `.cancel(id:)` cancels it; with
/// `cancelInFlight`, first cancels work already running under `id` (restarting a search, say).
///
/// <!-- fragment: a case of a reducer's switch; clock, api and CancelID are the feature's -->
/// ```swift
/// return .run { send in
///   try await withTaskCancellation(id: CancelID.search, cancelInFlight: true) {
///     try await clock.sleep(for: .milliseconds(300))
///     await send(.searchResponse(try await api.search(query)))
///   }
/// }
/// ```
public func withTaskCancellation<T: Sendable>(
  id: some Hashable & Sendable,
  cancelInFlight: Bool = false,
  operation: @escaping @Sendable () async throws -> T
) async throws -> T {
  let context = EffectContext.current
  let canceller: any EffectCanceller = context?.canceller ?? UnscopedCancellables.shared
  let effectID = EffectID(id, scope: context?.scope ?? EffectScope())
  // Registered before the work starts, so a `Task.cancel(id:)` that the work itself leads to
  // (it signals, then waits) is never missed: a cancel before the task exists marks it, and the
  // task is cancelled as it is made. Cancelling what runs under the id and registering this
  // work are one step: of two calls racing with `cancelInFlight`, only the later survives.
  let started = Locked<(task: Task<T, any Error>?, isCancelled: Bool)>((nil, false))
  let token = canceller.register(id: effectID, cancelInFlight: cancelInFlight) {
    started.withLock { started -> Task<T, any Error>? in
      started.isCancelled = true
      return started.task
    }?.cancel()
  }
  defer { canceller.unregister(token) }
  let task = Task { try await operation() }
  let isCancelled = started.withLock { started -> Bool in
    started.task = task
    return started.isCancelled
  }
  if isCancelled { task.cancel() }
  return try await withTaskCancellationHandler {
    try await task.value
  } onCancel: {
    task.cancel()
  }
}
