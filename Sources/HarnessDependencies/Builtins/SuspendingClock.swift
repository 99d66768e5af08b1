import HarnessClocks

extension DependencyValues {
  /// The clock for waiting on time that does not pass while the system sleeps.
  ///
  /// - live value: `SuspendingClock()`
  /// - test value: `UnimplementedClock(name: "suspendingClock")` — any use reports an issue
  ///   naming `suspendingClock`, then returns at once; override it with a `TestClock` or an
  ///   `ImmediateClock`
  /// - preview value: the live value
  ///
  /// ```swift
  /// @Dependency(\.suspendingClock) var clock
  /// try await clock.sleep(for: .milliseconds(300))
  /// ```
  public var suspendingClock: any Clock<Duration> {
    get { self[SuspendingClockKey.self] }
    set { self[SuspendingClockKey.self] = newValue }
  }
}

private enum SuspendingClockKey: DependencyKey {
  static let liveValue: any Clock<Duration> = SuspendingClock()
  static var testValue: any Clock<Duration> { UnimplementedClock(name: "suspendingClock") }
  static var previewValue: any Clock<Duration> { liveValue }
}
