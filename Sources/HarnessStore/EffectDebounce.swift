import HarnessIssues

extension Effect {
  /// This effect, started only once `duration` has passed on `clock` without another effect
  /// debounced with the same `id` starting: each new one cancels the one waiting.
  ///
  /// <!-- fragment: a case of a reducer's switch; api, clock and CancelID are the feature's -->
  /// ```swift
  /// case let .searchQueryChanged(query):
  ///   state.query = query
  ///   return .run { send in await send(.results(try await api.search(query))) }
  ///     .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
  /// ```
  ///
  /// To throttle instead (at most one effect per interval), keep the time of the last start in
  /// state and return `.none` while it is too recent, or make the effect
  /// `.cancellable(id:cancelInFlight: false)` and sleep on the clock at its end.
  public func debounce(
    id: some Hashable & Sendable,
    for duration: Duration,
    clock: any Clock<Duration>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    if case .none = operation { return self }
    let wait = Self.run(
      operation: { _ in try await clock.sleep(for: duration) },
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
    return .concatenate(wait, self).cancellable(id: id, cancelInFlight: true)
  }
}
