#if Schedulers
/// A scheduler of some concrete type, erased: a feature stores
/// `AnySchedulerOf<DispatchQueue>` and gets `DispatchQueue.main` live, a ``TestScheduler`` in
/// tests and an ``ImmediateScheduler`` in previews.
///
/// ```swift
/// final class SearchModel {
///   let mainQueue: AnySchedulerOf<DispatchQueue>
///   init(mainQueue: AnySchedulerOf<DispatchQueue> = .main) { self.mainQueue = mainQueue }
/// }
///
/// let live = SearchModel()
/// let preview = SearchModel(mainQueue: .immediate)
/// let scheduler = DispatchQueue.test
/// let tested = SearchModel(mainQueue: scheduler.eraseToAnyScheduler())
/// ```
///
/// It is `Sendable` because the schedulers it wraps in practice are (dispatch queues, run loops,
/// operation queues, this module's schedulers): wrap only schedulers that are safe to use from
/// any thread.
public struct AnyScheduler<SchedulerTimeType: Strideable, SchedulerOptions>: Scheduler, @unchecked Sendable
where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible {
  private let _now: () -> SchedulerTimeType
  private let _minimumTolerance: () -> SchedulerTimeType.Stride
  private let _schedule: (SchedulerOptions?, @escaping () -> Void) -> Void
  private let _scheduleAfter:
    (SchedulerTimeType, SchedulerTimeType.Stride, SchedulerOptions?, @escaping () -> Void) -> Void
  private let _scheduleRepeating:
    (SchedulerTimeType, SchedulerTimeType.Stride, SchedulerTimeType.Stride, SchedulerOptions?, @escaping () -> Void)
      -> any Cancellable

  /// Erases `scheduler`.
  public init<Wrapped: Scheduler>(_ scheduler: Wrapped)
  where Wrapped.SchedulerTimeType == SchedulerTimeType, Wrapped.SchedulerOptions == SchedulerOptions {
    if let erased = scheduler as? AnyScheduler {
      self = erased
      return
    }
    _now = { scheduler.now }
    _minimumTolerance = { scheduler.minimumTolerance }
    _schedule = { scheduler.schedule(options: $0, $1) }
    _scheduleAfter = { scheduler.schedule(after: $0, tolerance: $1, options: $2, $3) }
    _scheduleRepeating = { scheduler.schedule(after: $0, interval: $1, tolerance: $2, options: $3, $4) }
  }

  public var now: SchedulerTimeType { _now() }

  public var minimumTolerance: SchedulerTimeType.Stride { _minimumTolerance() }

  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    _schedule(options, action)
  }

  public func schedule(
    after date: SchedulerTimeType,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    _scheduleAfter(date, tolerance, options, action)
  }

  public func schedule(
    after date: SchedulerTimeType,
    interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    _scheduleRepeating(date, interval, tolerance, options, action)
  }
}

/// A type-erased scheduler with the time and option types of `Wrapped`:
/// `AnySchedulerOf<DispatchQueue>`, `AnySchedulerOf<RunLoop>`, `AnySchedulerOf<OperationQueue>`.
public typealias AnySchedulerOf<Wrapped: Scheduler> = AnyScheduler<
  Wrapped.SchedulerTimeType, Wrapped.SchedulerOptions
>

extension Scheduler {
  /// This scheduler as an ``AnyScheduler``.
  public func eraseToAnyScheduler() -> AnyScheduler<SchedulerTimeType, SchedulerOptions> {
    AnyScheduler(self)
  }
}
#endif
