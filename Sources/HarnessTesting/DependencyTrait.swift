import HarnessClocks
@_spi(DependencyUsage) import HarnessDependencies
import HarnessIssues
import Testing

/// A Swift Testing trait that runs each test (each argument of a parameterized test too) in a
/// dependency scope of its own, with some dependencies overridden.
///
/// ```swift
/// @Test(.dependency(\.uuid, .incrementing))
/// func addTodo() {
///   @Dependency(\.uuid) var uuid
///   #expect(uuid() == UUID(0))
/// }
///
/// @Suite(.dependencies {
///   $0.date = .constant(Date(timeIntervalSince1970: 0))
///   $0.continuousClock = ImmediateClock()
/// })
/// struct TodosTests {
///   @Test func now() {
///     @Dependency(\.date.now) var now
///     #expect(now == Date(timeIntervalSince1970: 0))
///   }
/// }
/// ```
///
/// On a suite it applies to every test inside, nested suites included; a test's own dependency
/// traits are applied on top of its suite's. The overriding closures run once per test run, so
/// `.incrementing` starts at 0 in each test, and in each iteration of `--repetitions`.
/// `@Suite(.dependencies)` gives the fresh scopes without overriding anything. Default values are built afresh for each test and
/// `prepareDependencies` in the suite's `init` affects only that test.
///
/// Each test in its scope also has its own followed work from its first line (see `TestClock`):
/// a task it starts before its first clock or store call is followed like one started after.
public struct DependencyTrait: TestTrait, SuiteTrait, TestScoping {
  private let update: @Sendable (inout DependencyValues) async throws -> Void
  /// Where the trait was written: where its overrides were set, for the usage report.
  private let site: DependencyUsageTracking.Site

  init(
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt,
    _ update: @escaping @Sendable (inout DependencyValues) async throws -> Void
  ) {
    self.site = (fileID, filePath, line, column)
    self.update = update
  }

  public var isRecursive: Bool { true }

  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    // The outermost dependency trait of a test makes its scope; inner ones (the test's own,
    // under its suite's) only add overrides to it.
    if Self.isInTestScope {
      try await withDependencies(
        update, operation: function,
        fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
    } else if let usage = test.traits.lazy.compactMap({ $0 as? DependencyUsageTrait }).last {
      // The test tracks its usage: this outermost trait makes the tracked scope.
      try await usage.tracking(test: test, updateSite: site, update) {
        try await Self.inTestScope(of: test, function)
      }
    } else {
      try await withFreshDependencies(update) {
        try await Self.inTestScope(of: test, function)
      }
    }
  }

  @TaskLocal static var isInTestScope = false

  /// Runs the test `function` as the test scope a dependency trait made, whose end is known
  /// (``TestEnd``): what waits for it (an unimplemented clock's list of uses) runs after it. A
  /// test function (not a suite's scope, which holds its tests) runs in a world of its own from
  /// its first line, as a `DependencyTestCase` test does.
  static func inTestScope(of test: Test, _ function: @Sendable () async throws -> Void) async throws {
    try await TestEnd.signalling {
      try await $isInTestScope.withValue(true) {
        if test.isSuite {
          try await function()
        } else {
          let location = SourceCodeLocation(
            fileID: test.sourceLocation.fileID, filePath: test.sourceLocation.filePath,
            line: UInt(test.sourceLocation.line), column: UInt(test.sourceLocation.column))
          try await TestWork.runningTest(at: location, function)
        }
      }
    }
  }
}

extension Trait where Self == DependencyTrait {
  /// Runs each test (each argument, each `--repetitions` iteration) in a fresh dependency
  /// scope, overriding nothing: `@Suite(.dependencies)`. Without a trait a test's defaults are
  /// keyed by the test's identity, which a repeated run shares with the run before it.
  public static var dependencies: Self {
    DependencyTrait(fileID: #fileID, filePath: #filePath, line: #line, column: #column) { _ in }
  }

  /// Overrides dependencies for a test or every test of a suite:
  /// `.dependencies { $0.uuid = .incrementing }`. The closure may await and throw (an error
  /// fails the test before it runs).
  public static func dependencies(
    _ update: @escaping @Sendable (inout DependencyValues) async throws -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    DependencyTrait(fileID: fileID, filePath: filePath, line: line, column: column, update)
  }

  /// Overrides one dependency for a test or every test of a suite:
  /// `.dependency(\.uuid, .incrementing)`. `value` is evaluated for each test, so it need not
  /// be `Sendable` (a path into a dependency, `\.client.session`, may end at a class), and it
  /// may throw.
  public static func dependency<Value>(
    _ keyPath: any WritableKeyPath<DependencyValues, Value> & Sendable,
    _ value: @autoclosure @escaping @Sendable () throws -> Value,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    DependencyTrait(fileID: fileID, filePath: filePath, line: line, column: column) {
      $0[keyPath: keyPath] = try value()
    }
  }

  /// Overrides the dependency whose value type is its own key: `.dependency(APIClient.mock)`
  /// for `@Dependency(APIClient.self)`. `value` is evaluated for each test, and may throw.
  public static func dependency<Value: TestDependencyKey>(
    _ value: @autoclosure @escaping @Sendable () throws -> Value,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self where Value.Value == Value {
    DependencyTrait(fileID: fileID, filePath: filePath, line: line, column: column) {
      $0[Value.self] = try value()
    }
  }
}
