import HarnessIssues

/// A clock that a test did not expect to be used: using it reports
/// `Unimplemented: Clock.now` or `Unimplemented: Clock.sleep` (its first use), and it behaves
/// like an ``ImmediateClock``.
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
/// One mistake, one issue: as a dependency's test value the clock is made once per test, so a
/// test that forgot to provide a clock gets one issue, however often the code under test uses
/// it. Where Harness knows when the test ends (inside a `.dependencies` or `.dependencyUsage`
/// trait, or a `DependencyTestCase` test), that issue comes at the end and lists every use, at
/// the first one's line. Elsewhere the first use reports at once and later uses are quiet (the
/// message says how to get the list).
///
/// Issues are reported at the caller's line when the call says where it is (``sleep(for:tolerance:fileID:filePath:line:column:)``
/// on this type, ``_Concurrency/Clock/timer(interval:tolerance:fileID:filePath:line:column:)->ClockTimer<Self>``); otherwise
/// (`now` and `sleep(until:tolerance:)` cannot take a location) at the `@Dependency` property
/// that read the clock when a clock dependency gave it, else at the line that created it.
public final class UnimplementedClock<Duration: DurationProtocol & Hashable>: Clock, Sendable {
  /// An instant of this clock: an offset from its zero.
  public typealias Instant = ClockInstant<UnimplementedClock, Duration>

  /// The name used in messages, e.g. `continuousClock`.
  public let name: String
  private let base: ImmediateClock<Duration>
  private let creation: SourceCodeLocation
  /// The uses so far, while their report waits for the test's end.
  private let uses = Locked(Uses.none)
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

  private enum Uses {
    case none
    /// Waiting for the test's end, which reports them all.
    case listed([(member: String, location: SourceCodeLocation)])
    case reported
  }

  /// Reports the use `member` at `location`: at once when it is the first and the test's end is
  /// unknown; else notes it for the report at the test's end.
  private func report(_ member: String, at location: SourceCodeLocation) {
    let end = TestEnd.forDeferredReport
    let next = uses.withLock { uses -> UseReport in
      switch uses {
      case .none:
        guard let end else {
          uses = .reported
          return .reportNow
        }
        uses = .listed([(member, location)])
        return .reportAtEnd(end)
      case .listed(var list):
        list.append((member, location))
        uses = .listed(list)
        return .nothing
      case .reported:
        return .nothing
      }
    }
    switch next {
    case .nothing:
      break
    case .reportNow:
      // Inside `withExpectedIssue` the test's end may be known, but the scope needs the issue now.
      let later =
        TestEnd.current != nil
        ? " Later uses of this clock are not reported again."
        : """
           Later uses of this clock are not listed: give the test the .dependencies trait (or \
          its suite; under XCTest, inherit from DependencyTestCase) to have every use listed \
          when the test ends.
          """
      reportIssue(ReportedIssue(message: message(first: member) + later, location: location))
    case .reportAtEnd(let end):
      // The test may have ended in between (a use from a task that outlived it): report now.
      if !end.add({ self.reportListedUses() }) { reportListedUses() }
    }
  }

  /// Reports the uses listed until the test's end, as one issue at the first one's line.
  private func reportListedUses() {
    let list = uses.withLock { uses -> [(member: String, location: SourceCodeLocation)] in
      defer { uses = .reported }
      guard case .listed(let list) = uses else { return [] }
      return list
    }
    guard let first = list.first else { return }
    // Each use and place once, in the order first seen, with how often when more than once.
    var counts: [String: Int] = [:]
    var order: [String] = []
    for use in list {
      let line = "\(use.member) at \(use.location.fileID):\(use.location.line)"
      if counts[line] == nil { order.append(line) }
      counts[line, default: 0] += 1
    }
    let shown = 20
    var lines = order.prefix(shown).map { line in
      let count = counts[line] ?? 1
      return count == 1 ? "  \(line)" : "  \(line) (\(count) times)"
    }
    if order.count > shown { lines.append("  … and \(order.count - shown) more places") }
    let times = list.count == 1 ? "once" : "\(list.count) times"
    reportIssue(
      ReportedIssue(
        message: message(first: first.member) + """
           It was used \(times) in this test:
          \(lines.joined(separator: "\n"))
          """,
        location: first.location))
  }

  /// The headline and the fix, for the first use `member`.
  private func message(first member: String) -> String {
    // The built-in clock dependencies name the clock after their key path.
    let dependency = name == "Clock" ? "" : " (@Dependency(\\.\(name)))"
    // Where a built-in dependency's test value made it tells the user nothing.
    let created =
      creation.fileID.hasPrefix("HarnessDependencies/")
      ? "" : ", created at \(creation.fileID):\(creation.line)"
    return """
      Unimplemented: \(name).\(member)

      A test used a clock it did not expect to be used\(dependency)\(created). Provide a clock \
      to the code under test, e.g. a TestClock or an ImmediateClock.
      """
  }
}

/// What a use of an ``UnimplementedClock`` reports.
private enum UseReport {
  case nothing, reportNow, reportAtEnd(TestEnd)
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
