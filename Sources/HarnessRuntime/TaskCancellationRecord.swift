/// The concurrency runtime's registration of a cancellation handler, the one that
/// `withTaskCancellationHandler` wraps, for the sleeps of test clocks.
///
/// A followed task runs on its world's executor without preferring it, so every nonisolated
/// async function it enters or returns to is a change of executor, a job of its own:
/// `withTaskCancellationHandler` and the operation closure it calls cost a sleep three of the
/// eleven jobs a sleeper of the 1,000-sleepers benchmark made. Looked up by name, like the task
/// ids (``TaskIdentity``): a runtime without it leaves ``isSupported`` false, and sleeps use the
/// wrapper.
package enum TaskCancellationRecord {
  private typealias Add = @convention(thin) (@Sendable () -> Void) -> UnsafeRawPointer
  private typealias Remove = @convention(thin) (UnsafeRawPointer) -> Void

  private static let addHandler = ProcessSymbol.function("swift_task_addCancellationHandler", as: Add.self)
  private static let removeHandler = ProcessSymbol.function("swift_task_removeCancellationHandler", as: Remove.self)

  /// Whether the runtime exports both entry points.
  package static let isSupported = addHandler != nil && removeHandler != nil

  /// Registers `handler` to run when the current task is cancelled (at once, before this
  /// returns, if it is already), until ``remove(_:)`` is given the record returned. Only when
  /// ``isSupported``, from an async function of the task. The runtime keeps the handler's context
  /// unretained: the caller holds the closure until it removes the record, and removes it before
  /// it returns (the record lives in the task's stack allocator, freed in reverse order).
  package static func add(_ handler: @Sendable () -> Void) -> UnsafeRawPointer {
    addHandler.unsafelyUnwrapped(handler)
  }

  /// Removes a record that ``add(_:)`` returned: its handler no longer runs.
  package static func remove(_ record: UnsafeRawPointer) {
    removeHandler.unsafelyUnwrapped(record)
  }
}
