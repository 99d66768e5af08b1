import HarnessIssues

/// A clock that a test did not expect to be used: reading ``now`` reports
/// `Unimplemented: Clock.now`, sleeping reports `Unimplemented: Clock.sleep`, and then it
/// behaves like an ``ImmediateClock``.
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
/// Issues are reported at the caller's line when the call says where it is (``sleep(for:tolerance:fileID:filePath:line:column:)``
/// on this type, ``Clock/timer(interval:tolerance:fileID:filePath:line:column:)``), and at the
/// line that created the clock otherwise (`now` and `sleep(until:tolerance:)` cannot take a
/// location).
public final class UnimplementedClock<Duration: DurationProtocol & Hashable>: Clock, Sendable {
  /// An instant of this clock: an offset from its zero.
  public typealias Instant = ClockInstant<UnimplementedClock, Duration>

  /// The name used in messages, e.g. `continuousClock`.
  public let name: String
  private let base: ImmediateClock<Duration>
  private let creation: SourceCodeLocation

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
    report("now", at: creation)
    return Instant(offset: base.now.offset)
  }

  public var minimumResolution: Duration { .zero }

  /// Reports `Unimplemented: <name>.sleep`, then returns at once like an ``ImmediateClock``.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    report("sleep", at: SleepCallSite.current ?? creation)
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
    reportIssue(
      ReportedIssue(
        message: """
          Unimplemented: \(name).\(member)

          A test used a clock it did not expect to be used (created at \(creation.fileID):\(creation.line)). \
          Provide a clock to the code under test, e.g. a TestClock or an ImmediateClock.
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
