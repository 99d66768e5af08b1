#if Schedulers
/// A scheduler that runs every action at once, on the thread that schedules it, and whose time
/// never moves: for previews that must render at once, and tests that do not care about time.
///
/// ```swift
/// let scheduler = DispatchQueue.immediate
/// var values: [Int] = []
/// let cancellable = Just(1)
///   .delay(for: .seconds(10), scheduler: scheduler)
///   .sink { values.append($0) }
/// assert(values == [1])   // no waiting
/// _ = cancellable
/// ```
///
/// What it cannot do: time never moves, so operators that wait cannot hold anything back. A
/// `debounce` or a `throttle` on it passes every value on at once (each one's wait is over as it
/// starts), and a repeating schedule fires once. Fine for a preview; use ``TestScheduler`` to
/// test timing itself.
public struct ImmediateScheduler<SchedulerTimeType: Strideable, SchedulerOptions>: Scheduler
where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible {
  /// The scheduler's time, which never moves.
  public let now: SchedulerTimeType

  public var minimumTolerance: SchedulerTimeType.Stride { .zero }

  /// A scheduler whose time is always `now`.
  public init(now: SchedulerTimeType) {
    self.now = now
  }

  /// Runs `action` at once.
  public func schedule(options _: SchedulerOptions?, _ action: @escaping () -> Void) {
    action()
  }

  /// Runs `action` at once, whatever `date` says.
  public func schedule(
    after _: SchedulerTimeType,
    tolerance _: SchedulerTimeType.Stride,
    options _: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    action()
  }

  /// Runs `action` once, at once: a repeating schedule would otherwise never end.
  public func schedule(
    after _: SchedulerTimeType,
    interval _: SchedulerTimeType.Stride,
    tolerance _: SchedulerTimeType.Stride,
    options _: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    action()
    return AnyCancellable {}
  }
}

extension ImmediateScheduler: Sendable where SchedulerTimeType: Sendable {}

/// An immediate scheduler with the time and option types of `Wrapped`: `ImmediateSchedulerOf<DispatchQueue>`.
public typealias ImmediateSchedulerOf<Wrapped: Scheduler> = ImmediateScheduler<
  Wrapped.SchedulerTimeType, Wrapped.SchedulerOptions
>
#endif
