#if Schedulers
import HarnessIssues

/// A scheduler that a test did not expect to be used: a use reports an issue naming the
/// scheduler and the call, then the scheduler behaves like an ``ImmediateScheduler``.
///
/// The test value of the `mainQueue` and `mainRunLoop` dependencies, so a test that forgets to
/// provide a scheduler fails with a message saying so:
///
/// ```swift
/// let scheduler = DispatchQueue.unimplemented("mainQueue")
/// let cancellable = scheduler.schedule(after: DispatchQueue.immediate.now, interval: .seconds(1)) {}
/// // ❌ Unimplemented: mainQueue.schedule(after:interval:) — an unimplemented scheduler
/// //    scheduled an action to run on a timer. …
/// cancellable.cancel()
/// ```
///
/// One mistake, one issue: only the scheduler's first use (asking the time, scheduling at once,
/// later, on a timer) is reported, so a `debounce` pipeline on it makes one issue, not one per
/// value or per call Combine makes. Combine's scheduling calls carry no location: the issue is
/// reported at the `@Dependency` property that read the scheduler when a dependency's test value
/// made it (`mainQueue`, `mainRunLoop`), else at the line that created it.
public final class UnimplementedScheduler<SchedulerTimeType: Strideable, SchedulerOptions>: Scheduler, @unchecked Sendable
where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible {
  // @unchecked: `base` is immutable; `reported` is locked. `SchedulerTimeType` is a value type
  // in every scheduler Combine and OpenCombine define.

  /// The uses, each reported once.
  enum Use: String {
    case now = "now — an unimplemented scheduler was asked the current time"
    case immediately = "schedule(_:) — an unimplemented scheduler scheduled an action to run immediately"
    case later = "schedule(after:) — an unimplemented scheduler scheduled an action to run later"
    case timer = "schedule(after:interval:) — an unimplemented scheduler scheduled an action to run on a timer"
  }

  /// The name used in messages, e.g. `mainQueue`.
  public let name: String
  private let base: ImmediateScheduler<SchedulerTimeType, SchedulerOptions>
  private let creation: SourceCodeLocation
  /// The `@Dependency` property whose read made this scheduler, when a dependency's test value
  /// did: where its use is reported, rather than inside Harness or Combine.
  private let readSite = UnimplementedReadSite.current
  private let reported = Locked(false)

  /// A scheduler named `name` in its reports, whose time is `now`.
  public init(
    _ name: String,
    now: SchedulerTimeType,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.name = name
    base = ImmediateScheduler(now: now)
    creation = SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Reports the use, then returns the scheduler's fixed time.
  public var now: SchedulerTimeType {
    report(.now)
    return base.now
  }

  /// Zero, and not reported: Combine's scheduling conveniences read it before every schedule,
  /// which is reported anyway.
  public var minimumTolerance: SchedulerTimeType.Stride { base.minimumTolerance }

  /// Reports the use, then runs `action` at once.
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    report(.immediately)
    base.schedule(options: options, action)
  }

  /// Reports the use, then runs `action` at once.
  public func schedule(
    after date: SchedulerTimeType,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    report(.later)
    base.schedule(after: date, tolerance: tolerance, options: options, action)
  }

  /// Reports the use, then runs `action` once, at once.
  public func schedule(
    after date: SchedulerTimeType,
    interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    report(.timer)
    return base.schedule(after: date, interval: interval, tolerance: tolerance, options: options, action)
  }

  /// Reports `use` if it is the scheduler's first; later uses are quiet.
  private func report(_ use: Use) {
    guard reported.withLock({ reported in
      defer { reported = true }
      return !reported
    }) else { return }
    let message = """
      Unimplemented: \(name).\(use.rawValue).

      A test that runs this code must provide the scheduler. To control time, use a test \
      scheduler (`let scheduler = DispatchQueue.test`, or `RunLoop.test`, then `$0.\(name) = \
      scheduler.eraseToAnyScheduler()` in `withDependencies`, and `scheduler.advance(by:)`); \
      when time does not matter, `.immediate`. Later uses of this scheduler are not reported again.
      """
    reportIssue(ReportedIssue(message: message, location: readSite.location(orElse: creation)))
  }
}

/// An unimplemented scheduler with the time and option types of `Wrapped`.
public typealias UnimplementedSchedulerOf<Wrapped: Scheduler> = UnimplementedScheduler<
  Wrapped.SchedulerTimeType, Wrapped.SchedulerOptions
>
#endif
