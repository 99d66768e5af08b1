import HarnessClocks

extension DependencyValues {
  /// The clock to measure time and sleep with, that stops while the system sleeps.
  ///
  /// - live value: `SuspendingClock()`
  /// - test value: `UnimplementedClock(name: "suspendingClock")` — using it reports one issue per
  ///   test naming the clock (listing every use at the test's end under a dependency trait or
  ///   `DependencyTestCase`), and sleeps return at once; override it with a `TestClock` or an
  ///   `ImmediateClock`
  /// - preview value: the live value
  ///
  /// See ``continuousClock`` for an example.
  public var suspendingClock: any Clock<Duration> {
    get { self[SuspendingClockKey.self] }
    set { self[SuspendingClockKey.self] = newValue }
  }
}

private enum SuspendingClockKey: DependencyKey {
  static let liveValue: any Clock<Duration> = SuspendingClock()
  static var testValue: any Clock<Duration> { UnimplementedClock(name: "suspendingClock") }
}
