import HarnessIssues

/// The `TestClock` methods swift-clocks users call, built on ``TestClock/advance(to:fileID:filePath:line:column:)``
/// and ``TestClock/pendingSleepers``.
extension TestClock {
  /// Why ``checkSuspension()`` threw: sleepers were still waiting for the clock.
  public struct SuspensionError: Error, Sendable, CustomStringConvertible {
    /// The sleepers still waiting, described.
    public let pending: [String]

    public var description: String {
      "The clock still has \(pending.count) pending sleeper(s):\n" + pending.map { "  • \($0)" }.joined(separator: "\n")
    }
  }

  /// Lets the test's work settle, then throws ``SuspensionError`` if any task still sleeps on
  /// the clock: a check that work has finished, in swift-clocks' spelling.
  public func checkSuspension() async throws {
    await advance()
    let pending = pendingSleepers
    guard pending.isEmpty else { throw SuspensionError(pending: pending.map(\.description)) }
  }

  /// Advances from sleeper to sleeper until none is left, for at most `timeout` of real time;
  /// reports the sleepers still pending if time runs out (an endless timer, say), in
  /// swift-clocks' spelling. ``run(maxResumptions:fileID:filePath:line:column:)`` bounds the
  /// same by a count of resumptions instead.
  public func run(
    timeout: Swift.Duration,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    await advance(fileID: fileID, filePath: filePath, line: line, column: column)
    while let next = pendingSleepers.first, ContinuousClock.now < deadline {
      await advance(to: Swift.max(next.deadline, now), fileID: fileID, filePath: filePath, line: line, column: column)
    }
    let pending = pendingSleepers
    guard !pending.isEmpty else { return }
    reportIssue(
      ReportedIssue(
        message: """
          Expected all sleeps on \(description) to finish, but \(pending.count) still wait after \
          \(timeout) of running it:
          \(pending.prefix(20).map { "  • \($0)" }.joined(separator: "\n"))

          Work that keeps scheduling sleeps (a timer, a polling loop) never runs out of them: \
          cancel it before run(timeout:), or move to a given time with advance(by:).
          """,
        location: SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
      )
    )
  }
}
