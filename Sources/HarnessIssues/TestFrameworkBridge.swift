
/// How `HarnessIssues`, which never links a test framework, reaches the test framework that
/// runs the tests.
///
/// `HarnessTesting` installs one when the test binary loads; you do not call ``install(_:)``
/// yourself unless you bridge to a test framework of your own.
public struct TestFrameworkBridge: Sendable {
  /// The test the current task runs for, if any.
  public var currentTest: @Sendable () -> TestContext?
  /// Whether the process is running tests right now (also true on a detached task that no
  /// framework can attribute to a test).
  public var isRunningTests: @Sendable () -> Bool
  /// Records an issue as a failure (or warning) of `test`, or of the run when `test` is nil.
  public var record: @Sendable (_ issue: ReportedIssue, _ test: TestContext?) -> Void
  /// Runs `body` so that failures the framework records in it directly (not through Harness:
  /// `Issue.record`, a failed `#expect`) count as expected when `matches` accepts them; returns
  /// how many did. `nil` when the framework cannot do that (corelibs XCTest).
  public var expectingFailures:
    (@Sendable (_ matches: @escaping @Sendable (ReportedIssue) -> Bool, _ body: () throws -> Void) throws -> Int)?
  /// The same for an async body.
  public var expectingFailuresAsync:
    (
      @Sendable (
        _ matches: @escaping @Sendable (ReportedIssue) -> Bool, _ body: () async throws -> Void
      ) async throws -> Int
    )?

  public init(
    currentTest: @escaping @Sendable () -> TestContext?,
    isRunningTests: @escaping @Sendable () -> Bool,
    record: @escaping @Sendable (_ issue: ReportedIssue, _ test: TestContext?) -> Void,
    expectingFailures: (
      @Sendable (_ matches: @escaping @Sendable (ReportedIssue) -> Bool, _ body: () throws -> Void) throws -> Int
    )? = nil,
    expectingFailuresAsync: (
      @Sendable (
        _ matches: @escaping @Sendable (ReportedIssue) -> Bool, _ body: () async throws -> Void
      ) async throws -> Int
    )? = nil
  ) {
    self.currentTest = currentTest
    self.isRunningTests = isRunningTests
    self.record = record
    self.expectingFailures = expectingFailures
    self.expectingFailuresAsync = expectingFailuresAsync
  }

  private static let storage = Locked<TestFrameworkBridge?>(nil)

  /// Makes `bridge` the one that issues reach. The last installation wins.
  public static func install(_ bridge: TestFrameworkBridge) {
    storage.withLock { $0 = bridge }
  }

  /// The installed bridge, if a test-support module installed one.
  public static var installed: TestFrameworkBridge? {
    storage.withLock { $0 }
  }
}
