import HarnessClocks
import HarnessIssues
import Testing

/// A Swift Testing trait that sets how long Harness waits before it reports a test's deadlock or
/// a job blocking its work (see `TestPatience` in HarnessClocks), and runs each test in a world of its own, as
/// the dependency traits do.
///
/// ```swift
/// import HarnessTesting
/// import Testing
///
/// @Test(.patience(deadlock: .seconds(60)))
/// func importsTheBackup() async throws {
///   // A continuation resumed by a child process can take up to a minute.
///   let imported = await withCheckedContinuation { continuation in
///     continuation.resume(returning: 42)
///   }
///   #expect(imported == 42)
/// }
/// ```
///
/// On a suite it applies to every test inside; a test's own patience wins over its suite's.
public struct PatienceTrait: TestTrait, SuiteTrait, TestScoping {
  let patience: TestPatience
  private let site: SourceCodeLocation

  init(_ patience: TestPatience, at site: SourceCodeLocation) {
    self.patience = patience
    self.site = site
  }

  public var isRecursive: Bool { true }

  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    guard !test.isSuite else { return try await function() }
    // The innermost patience trait (the test's own) is applied last, so it wins.
    TestPatience.applyToCurrentWorld(patience)
    try await TestPatience.with(patience) {
      try await TestWork.runningTest(at: site) { try await function() }
    }
  }
}

extension Trait where Self == PatienceTrait {
  /// Sets how long Harness waits before it reports a deadlock (every task of the test suspended,
  /// with nothing ready or due) and a job that blocks the test's work: 10 seconds each by
  /// default. Raise `deadlock` for a test that waits on slow work outside it.
  public static func patience(
    deadlock: Duration = TestPatience.default.deadlock,
    job: Duration = TestPatience.default.job,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    PatienceTrait(
      TestPatience(job: job, deadlock: deadlock),
      at: SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}
