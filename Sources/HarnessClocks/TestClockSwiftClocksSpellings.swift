import HarnessIssues

/// `checkSuspension()`, as swift-clocks users call it (with ``TestClock/run(timeout:fileID:filePath:line:column:)``
/// in TestClock.swift).
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
}
