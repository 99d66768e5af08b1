#if Schedulers
import HarnessDependencies

extension DependencyValues {
  /// The main run loop, as a Combine scheduler.
  ///
  /// - live value: `RunLoop.main`
  /// - test value: `.unimplemented("mainRunLoop")`: a use reports an issue naming the dependency
  /// - preview value: `.immediate`, so previews render at once
  ///
  /// ```swift
  /// final class ClockModel {
  ///   @Dependency(\.mainRunLoop) var mainRunLoop
  ///   var ticks = 0
  ///   var timer: (any Cancellable)?
  ///   func start() {
  ///     timer = mainRunLoop.schedule(after: mainRunLoop.now, interval: .seconds(1)) { [weak self] in
  ///       self?.ticks += 1
  ///     }
  ///   }
  /// }
  ///
  /// @Test func ticks() {
  ///   let mainRunLoop = RunLoop.test
  ///   let model = withDependencies {
  ///     $0.mainRunLoop = mainRunLoop.eraseToAnyScheduler()
  ///   } operation: {
  ///     ClockModel()
  ///   }
  ///   model.start()
  ///   mainRunLoop.advance(by: .seconds(3))
  ///   #expect(model.ticks == 4)   // at 0, 1, 2 and 3 seconds
  ///   model.timer?.cancel()
  /// }
  /// ```
  public var mainRunLoop: AnySchedulerOf<RunLoop> {
    get { self[MainRunLoopKey.self] }
    set { self[MainRunLoopKey.self] = newValue }
  }
}

private enum MainRunLoopKey: DependencyKey {
  static var liveValue: AnySchedulerOf<RunLoop> { .main }
  static var testValue: AnySchedulerOf<RunLoop> { .unimplemented("mainRunLoop") }
  static var previewValue: AnySchedulerOf<RunLoop> { .immediate }
}
#endif
