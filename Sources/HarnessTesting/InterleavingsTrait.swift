import Foundation
import HarnessInterleavings
import HarnessIssues
import Testing

/// Runs a test many times, each in a fresh world, with its asynchronous jobs in an order drawn
/// from a seeded strategy: `@Test(.interleavings(100))`. The first failing iteration ends the
/// exploration with one issue naming it and a replay string; `@Test(.interleavings(replay:))`
/// runs exactly that order again. See `withInterleavings(_:strategy:seed:…)` for what runs in
/// each iteration.
///
/// ```swift
/// actor Account {
///   var balance = 100
///   func withdraw(_ amount: Int) async -> Bool {
///     guard balance >= amount else { return false }
///     await Task.yield()   // a fraud check: other calls run meanwhile
///     balance -= amount    // acts on a stale check
///     return true
///   }
/// }
///
/// @Test(.interleavings(100))
/// func twoWithdrawalsNeverOverdraw() async {
///   let account = Account()
///   async let first = account.withdraw(80)
///   async let second = account.withdraw(80)
///   _ = await (first, second)
///   #expect(await account.balance >= 0)   // fails in some order: the issue says which
/// }
/// ```
///
/// A test whose tasks deadlock cannot return, and Swift Testing gives a trait no way to abandon
/// it: the stall is reported at once (with its replay string), its iteration is released from
/// the exploration and waited for once more for the patience (outside work may still end it);
/// still stalled, the test process ends with a message saying why, rather than hang the run.
/// Explore code that may deadlock with `withInterleavings`, which abandons a stalled iteration
/// and returns.
///
/// Each exploration prints a report of what it explored and attaches it to the test (an
/// attachment named `interleavings-report.txt`); if no iteration had a choice to make, the test
/// gets a warning saying why that usually happens (when the trait is written on the test itself:
/// a suite's trait does not warn, since some of its tests may have nothing to explore). `.interleavings(for: .seconds(60))` explores
/// for a time budget, strategies taking turns; `HARNESS_INTERLEAVINGS_SHARD=i/n` runs shard *i*
/// of *n* disjoint parts of the iterations, for a CI matrix.
///
/// On a suite (`@Suite(.interleavings(20))`), each test of the suite is explored on its own.
/// With the environment variable `HARNESS_INTERLEAVINGS=off`, the trait runs each test once,
/// unexplored (for a quick pass).
public struct InterleavingsTrait: TestTrait, SuiteTrait, TestScoping {
  enum Mode {
    case explore(ExplorationBudget, strategies: [InterleavingStrategy], seed: UInt64?)
    case replay(String)
    case exhaustive(ExhaustiveExploration)
  }

  let mode: Mode
  let location: SourceCodeLocation
  /// The step bound: jobs per iteration.
  let maxSteps: Int
  /// How much shrinking a failure may cost.
  var shrinking: ShrinkBudget = .default

  /// On a suite, every test inside is explored, each on its own.
  public var isRecursive: Bool { true }

  /// `HARNESS_INTERLEAVINGS=off` runs each test once, unexplored: for a quick pass.
  static let isTurnedOff = ProcessInfo.processInfo.environment["HARNESS_INTERLEAVINGS"] == "off"

  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    // A suite's scope holds its tests, each explored in its own scope.
    guard testCase != nil, !Self.isTurnedOff else { return try await function() }
    // A trait written on the test itself (not one its suite gives all its tests) warns when it
    // explored nothing: the trait's expression is on or after the `@Test` line, a suite's above.
    let isOnTheTest = location.fileID == test.sourceLocation.fileID && location.line >= test.sourceLocation.line
    let explorer = InterleavingExplorer(
      location: location, maxSteps: maxSteps, shrinkBudget: shrinking, warnsWhenNothingExplored: isOnTheTest)
    let report = await withoutActuallyEscaping(function) { function -> InterleavingReport? in
      switch mode {
      case .explore(let budget, let strategies, let seed):
        return await explorer.explore(
          budget, strategies: strategies, seed: seed, name: test.name, waitingForStalledRuns: true, function)
      case .replay(let replay):
        await explorer.replay(replay, waitingForStalledRuns: true, function)
        return nil
      case .exhaustive(let mode):
        return await explorer.exploreExhaustively(mode, name: test.name, waitingForStalledRuns: true, function)
      }
    }
    if let report {
      Attachment.record(report.description, named: "interleavings-report.txt", sourceLocation: sourceLocation)
    }
  }

  /// Where the trait was applied, for Swift Testing.
  private var sourceLocation: SourceLocation {
    SourceLocation(
      fileID: location.fileID, filePath: location.filePath, line: Int(location.line), column: Int(location.column))
  }
}

extension Trait where Self == InterleavingsTrait {
  /// Runs the test `iterations` times, each with its jobs in an order drawn from `strategy`
  /// (`InterleavingStrategy.random` by default, or `InterleavingStrategy.pct(depth:)`), from
  /// `seed` (by default a fixed seed, shifted by the `HARNESS_INTERLEAVINGS_SEED` environment
  /// variable). An iteration that runs more than `maxSteps` jobs without returning (a task
  /// spinning on `Task.yield()`) fails with its replay string. A failure's schedule is shrunk
  /// within `shrinking` before it is reported.
  public static func interleavings(
    _ iterations: Int,
    strategy: InterleavingStrategy = .random,
    seed: UInt64? = nil,
    maxSteps: Int = 100_000,
    shrinking: ShrinkBudget = .default,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    InterleavingsTrait(
      mode: .explore(.iterations(iterations), strategies: [strategy], seed: seed),
      location: SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      maxSteps: maxSteps, shrinking: shrinking
    )
  }

  /// Runs the test over and over until `duration` has passed (at least once per strategy),
  /// `strategies` taking turns (by default random, then PCT of depths 2 and 3), each iteration
  /// in an order drawn from `seed` and its number. The report says how many iterations each
  /// strategy ran; a failure's replay string names its strategy. A failure's schedule is shrunk
  /// within `shrinking` before it is reported.
  public static func interleavings(
    for duration: Duration,
    strategies: [InterleavingStrategy] = InterleavingStrategy.portfolio,
    seed: UInt64? = nil,
    maxSteps: Int = 100_000,
    shrinking: ShrinkBudget = .default,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    InterleavingsTrait(
      mode: .explore(.duration(duration), strategies: strategies, seed: seed),
      location: SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      maxSteps: maxSteps, shrinking: shrinking
    )
  }

  /// Runs the test once for every schedule with at most `mode.preemptions` preemptions, skipping
  /// reorderings of independent jobs: `@Test(.interleavings(.exhaustive(preemptions: 2)))`. The
  /// report says "complete" when every schedule within the bound was covered, or why not.
  public static func interleavings(
    _ mode: ExhaustiveExploration,
    maxSteps: Int = 100_000,
    shrinking: ShrinkBudget = .default,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    InterleavingsTrait(
      mode: .exhaustive(mode),
      location: SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      maxSteps: maxSteps, shrinking: shrinking
    )
  }

  /// Runs the test once with its jobs in exactly the order `replay` recorded (the string a
  /// failed exploration printed), with at most `maxSteps` jobs.
  public static func interleavings(
    replay: String,
    maxSteps: Int = 100_000,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    InterleavingsTrait(
      mode: .replay(replay),
      location: SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      maxSteps: maxSteps
    )
  }
}
