#if Schedulers
import HarnessClocks
import HarnessIssues
import HarnessStore

extension Effect {
  /// This effect, started only once `dueTime` has passed on `scheduler` without another effect
  /// debounced with the same `id` starting: each new one cancels the one waiting. The
  /// scheduler form of `debounce(id:for:clock:)`, for features whose time is a Combine
  /// scheduler (`@Dependency(\.mainQueue)`).
  ///
  /// <!-- fragment: a case of a reducer's switch; api, mainQueue and CancelID are the feature's -->
  /// ```swift
  /// case let .searchQueryChanged(query):
  ///   state.query = query
  ///   return .run { send in await send(.results(try await api.search(query))) }
  ///     .debounce(id: CancelID.search, for: .milliseconds(300), scheduler: mainQueue)
  /// ```
  ///
  /// In a test, `await mainQueue.advance(by: .milliseconds(300))` starts the effect and lets it
  /// run as far as it can before returning.
  public func debounce<S: Scheduler & Sendable>(
    id: some Hashable & Sendable,
    for dueTime: S.SchedulerTimeType.Stride,
    scheduler: S,
    options: S.SchedulerOptions? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    let wait = SchedulerWait(scheduler: scheduler, dueTime: dueTime, options: options)
    let waiting = Self.run(
      operation: { _ in try await wait.run() },
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
    return .concatenate(waiting, self).cancellable(id: id, cancelInFlight: true)
  }
}

/// A wait for `dueTime` on a Combine scheduler, as an async call that cancellation ends.
private struct SchedulerWait<S: Scheduler & Sendable>: @unchecked Sendable {
  // @unchecked: the stride and options are values, only read.
  let scheduler: S
  let dueTime: S.SchedulerTimeType.Stride
  let options: S.SchedulerOptions?

  func run() async throws {
    try Task.checkCancellation()
    let ticket = SleepTicket(taskID: TestWork.currentTaskID)
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        guard ticket.beginSleeping(continuation) else {
          continuation.resume(throwing: CancellationError())
          return
        }
        scheduler.schedule(
          after: scheduler.now.advanced(by: dueTime), tolerance: scheduler.minimumTolerance, options: options
        ) {
          ticket.wake()
        }
      }
    } onCancel: {
      ticket.cancel()
    }
  }
}
#endif
