import HarnessIssues

/// A clock that a test did not expect to be used: its first use reports
/// `Unimplemented: Clock.now` or `Unimplemented: Clock.sleep`, and it behaves like an
/// ``ImmediateClock``.
///
/// The default value of a clock dependency in tests, so that a test that forgets to provide a
/// clock fails with a message naming it:
///
/// ```swift
/// let clock = UnimplementedClock(name: "continuousClock")
/// try await clock.sleep(for: .seconds(1))
/// // ❌ Unimplemented: continuousClock.sleep
/// ```
///
/// One mistake, one issue: the first use reports (naming the use), later uses of the same clock
/// are quiet. As a dependency's test value the clock is made once per test, so a test that
/// forgot to provide a clock gets one issue, however often the code under test reads it.
///
/// Issues are reported at the caller's line when the call says where it is (``sleep(for:tolerance:fileID:filePath:line:column:)``
/// on this type, ``Clock/timer(interval:tolerance:fileID:filePath:line:column:)``); otherwise
/// (`now` and `sleep(until:tolerance:)` cannot take a location) at the `@Dependency` property
/// that read the clock when a clock dependency gave it, else at the line that created it.
public final class UnimplementedClock<Duration: DurationProtocol & Hashable>: Clock, Sendable {
  /// An instant of this clock: an offset from its zero.
  public typealias Instant = ClockInstant<UnimplementedClock, Duration>

  /// The name used in messages, e.g. `continuousClock`.
  public let name: String
  private let base: ImmediateClock<Duration>
  private let creation: SourceCodeLocation
  /// Whether a use was reported already.
  private let hasReported = Locked(false)
  /// The `@Dependency` property whose read made this clock, when a dependency's test value did:
  /// where a use that cannot say its own line is reported, rather than inside Harness.
  private let readSite = UnimplementedReadSite.current

  /// A clock named `name` in its reports, starting at `now`.
  public convenience init(
    name: String = "Clock",
    now: Instant = Instant(),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      name: name, start: now,
      createdAt: SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  init(name: String, start: Instant, createdAt creation: SourceCodeLocation) {
    self.name = name
    self.base = ImmediateClock(start: ImmediateClock.Instant(offset: start.offset))
    self.creation = creation
  }

  /// Reports `Unimplemented: <name>.now`, then returns the clock's instant.
  public var now: Instant {
    report("now", at: SleepCallSite.current ?? readSite.location(orElse: creation))
    return Instant(offset: base.now.offset)
  }

  public var minimumResolution: Duration { .zero }

  /// Reports `Unimplemented: <name>.sleep`, then returns at once like an ``ImmediateClock``.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    report("sleep", at: SleepCallSite.current ?? readSite.location(orElse: creation))
    try await base.sleep(until: ImmediateClock.Instant(offset: deadline.offset), tolerance: tolerance)
  }

  /// Reports `Unimplemented: <name>.sleep` at the caller's line, then returns at once.
  public func sleep(
    for duration: Duration,
    tolerance: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async throws {
    let location = SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    // From the base clock's time: reading `now` would report a second issue.
    let start = Instant(offset: base.now.offset)
    try await sleepRecordingCallSite(
      on: self, for: duration, from: start, tolerance: tolerance, calledAt: location)
  }

  private func report(_ member: String, at location: SourceCodeLocation) {
    guard !hasReported.withLock({ reported in defer { reported = true }; return reported }) else { return }
    // The built-in clock dependencies name the clock after their key path.
    let dependency = name == "Clock" ? "" : " (@Dependency(\\.\(name)))"
    reportIssue(
      ReportedIssue(
        message: """
          Unimplemented: \(name).\(member)

          A test used a clock it did not expect to be used\(dependency), created at \
          \(creation.fileID):\(creation.line). Provide a clock to the code under test, e.g. a \
          TestClock or an ImmediateClock. Later uses of this clock are not reported again.
          """,
        location: location
      )
    )
  }
}

extension UnimplementedClock where Duration == Swift.Duration {
  /// A clock named `name` in its reports, starting at `now`, measuring time in `Duration`.
  public convenience init(
    name: String = "Clock",
    now: Instant = Instant(),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      name: name, start: now,
      createdAt: SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

extension Clock where Self == UnimplementedClock<Swift.Duration> {
  /// An ``UnimplementedClock``, as swift-clocks spells it: `$0.continuousClock = .unimplemented()`.
  public static func unimplemented(
    _ name: String = "Clock",
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    UnimplementedClock(name: name, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
