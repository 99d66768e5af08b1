import HarnessClocks

extension DependencyValues {
  /// The clock for measuring and waiting on time as it passes, also while the system sleeps.
  ///
  /// - live value: `ContinuousClock()`
  /// - test value: `UnimplementedClock(name: "continuousClock")` — any use reports an issue
  ///   naming `continuousClock`, then returns at once; override it with a `TestClock` (time
  ///   moves on `advance`) or an `ImmediateClock` (sleeps return at once)
  /// - preview value: the live value
  ///
  /// ```swift
  /// struct Feature: Reducer {
  ///   @Dependency(\.continuousClock) var clock
  ///   … try await clock.sleep(for: .seconds(1)) …
  /// }
  ///
  /// let clock = TestClock()
  /// let store = TestStore(initialState: Feature.State()) { Feature() } withDependencies: {
  ///   $0.continuousClock = clock
  /// }
  /// ```
  public var continuousClock: any Clock<Duration> {
    get { self[ContinuousClockKey.self] }
    set { self[ContinuousClockKey.self] = newValue }
  }
}

private enum ContinuousClockKey: DependencyKey {
  static let liveValue: any Clock<Duration> = ContinuousClock()
  static var testValue: any Clock<Duration> { UnimplementedClock(name: "continuousClock") }
  static var previewValue: any Clock<Duration> { liveValue }
}
