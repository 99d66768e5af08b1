@_spi(DependencyUsage) import HarnessDependencies
import HarnessIssues
import Testing

/// A Swift Testing trait that reports, after each test, which dependencies it read, which
/// overrides it was given but never read, and which live values it reached.
///
/// ```swift
/// @Test(.dependencyUsage, .dependencies { $0.uuid = .incrementing })
/// func addTodo() {
///   @Dependency(\.uuid) var uuid
///   #expect(uuid() == UUID(0))
/// }
/// ```
///
/// prints one block per test:
///
/// ```
/// Dependency usage of addTodo():
///   read: \.uuid
///   unused overrides: none
///   live values: none
/// ```
///
/// On a suite it applies to every test inside. With `.dependencyUsage(.strict)` each override
/// never read fails the test, at the place it was set. Each test runs in a fresh dependency
/// scope of its own (as with `.dependencies`), so parallel tests never mix their reports;
/// `DependencyUsageReport.current` (HarnessDependencies) gives the report so far from inside the test.
///
/// Counted are overrides given by dependency traits, `withDependencies` (also `from:`) and a
/// `TestStore`'s `withDependencies:` inside the test; reads through any of them, through models
/// made inside the test and through a store's reducers and effects.
public struct DependencyUsageTrait: TestTrait, SuiteTrait, TestScoping {
  let mode: DependencyUsageMode
  /// Receives the report (prints it by default).
  let output: @Sendable (DependencyUsageReport) -> Void

  /// A trait delivering its reports to `output` (tests of the trait check them there).
  package init(
    _ mode: DependencyUsageMode,
    output: @escaping @Sendable (DependencyUsageReport) -> Void = DependencyUsageTracking.printReport
  ) {
    self.mode = mode
    self.output = output
  }

  public var isRecursive: Bool { true }

  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    // An outer dependency trait has made this test's tracked scope already.
    if DependencyTrait.isInTestScope { return try await function() }
    try await tracking(test: test, updateSite: nil, { _ in }) {
      try await DependencyTrait.inTestScope(of: test, function)
    }
  }

  /// Runs `operation` in a fresh, usage-tracked scope overridden by `update`.
  func tracking(
    test: Test,
    updateSite: DependencyUsageTracking.Site?,
    _ update: (inout DependencyValues) async throws -> Void,
    operation: () async throws -> Void
  ) async throws {
    // An override with no known site is reported at the test.
    let at = test.sourceLocation
    let site = SourceCodeLocation(fileID: at.fileID, filePath: at.filePath, line: UInt(at.line), column: UInt(at.column))
    try await DependencyUsageTracking.run(
      mode, label: test.name, output: output, site: site, updateSite: updateSite, update,
      operation: operation)
  }
}

extension Trait where Self == DependencyUsageTrait {
  /// Reports the dependency usage of each test: `@Test(.dependencyUsage)`.
  public static var dependencyUsage: Self {
    DependencyUsageTrait(.report)
  }

  /// Reports the dependency usage of each test; `.strict` also fails a test for each override
  /// it never read: `@Suite(.dependencyUsage(.strict))`.
  public static func dependencyUsage(_ mode: DependencyUsageMode) -> Self {
    DependencyUsageTrait(mode)
  }
}
