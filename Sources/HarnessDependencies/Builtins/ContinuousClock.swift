import HarnessClocks

extension DependencyValues {
  /// The clock to measure time and sleep with, that keeps running while the system sleeps.
  ///
  /// - live value: `ContinuousClock()`
  /// - test value: `UnimplementedClock(name: "continuousClock")` — using it reports one issue per
  ///   test naming the clock (listing every use at the test's end under a dependency trait or
  ///   `DependencyTestCase`), and sleeps return at once; override it with a `TestClock` (time moves
  ///   only when the test says so) or an `ImmediateClock` (sleeps return at once)
  /// - preview value: the live value
  ///
  /// ```swift
  /// @MainActor final class TimerModel {
  ///   @Dependency(\.continuousClock) var clock
  ///   var ticks = 0
  ///   func start() async {
  ///     for await _ in clock.timer(interval: .seconds(1)) { ticks += 1 }
  ///   }
  /// }
  ///
  /// @MainActor @Test func ticks() async {
  ///   let clock = TestClock()
  ///   let model = withDependencies { $0.continuousClock = clock } operation: { TimerModel() }
  ///   let timer = Task { await model.start() }
  ///   await clock.advance(by: .seconds(3))
  ///   #expect(model.ticks == 3)
  ///   timer.cancel()
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
}
