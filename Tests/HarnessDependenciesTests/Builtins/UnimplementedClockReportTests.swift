import HarnessClocks
import HarnessDependencies
import HarnessIssues
import HarnessTesting
import Testing

// An un-overridden clock gives one issue per test. Where the test's end is known (a dependency
// trait) it comes at the end and lists every use; elsewhere the first use reports at once.

private let thisFile = "HarnessDependenciesTests/UnimplementedClockReportTests.swift"

/// The headline and fix every report of the un-overridden `continuousClock` starts with.
private let headline = """
  A test used a clock it did not expect to be used (@Dependency(\\.continuousClock)). Provide a \
  clock to the code under test, e.g. a TestClock or an ImmediateClock.
  """

/// Where `usesTheClockThreeWays` reads the clock (where uses through `any Clock` are reported:
/// they cannot say their own line) and starts a timer, and where `theUsageTraitListsTheUsesToo`
/// sleeps.
private enum Lines {
  static let read: UInt = 59
  static let timer: UInt = 62
  static let usageSleep: UInt = 78
}

/// Expects, around the traits listed after it, one issue with `message` at `line` (an issue
/// reported after the test, which no `withExpectedIssue` inside the test could see).
private struct ExpectsIssue: TestTrait, TestScoping {
  let message: String
  let line: UInt

  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    await withExpectedIssue {
      try await function()
    } matching: { [message, line] issue in
      issue.message == message && issue.location.fileID == thisFile && issue.location.line == line
    }
  }
}

@Test(
  ExpectsIssue(
    message: """
      Unimplemented: continuousClock.now

      \(headline) It was used 6 times in this test:
        now at \(thisFile):\(Lines.read) (3 times)
        sleep at \(thisFile):\(Lines.read)
        now at \(thisFile):\(Lines.timer)
        sleep at \(thisFile):\(Lines.timer)
      """,
    line: Lines.read),
  .dependencies
)
func usesTheClockThreeWays() async throws {
  @Dependency(\.continuousClock) var clock
  try await clock.sleep(for: .seconds(1))
  _ = clock.now
  for await _ in clock.timer(interval: .seconds(1)).prefix(1) {}
}

@Test(
  ExpectsIssue(
    message: """
      Unimplemented: continuousClock.sleep

      \(headline) It was used 2 times in this test:
        sleep at \(thisFile):\(Lines.usageSleep) (2 times)
      """,
    line: Lines.usageSleep),
  .dependencyUsage
)
func theUsageTraitListsTheUsesToo() async throws {
  @Dependency(\.continuousClock) var clock
  for _ in 0..<2 { try await (clock as! UnimplementedClock<Duration>).sleep(for: .seconds(1)) }
}

struct UnimplementedClockReportTests {
  @Test func withoutAnEndSignalTheFirstUseReportsAndSaysHowToListEveryUse() async throws {
    @Dependency(\.continuousClock) var clock
    let collector = IssueCollector()
    let line = UInt(#line) + 2
    try await withIssueReporters([collector]) {
      try await (clock as! UnimplementedClock<Duration>).sleep(for: .seconds(1))
      _ = clock.now
      try await clock.sleep(for: .seconds(1))
    }
    #expect(
      collector.issues.map(\.message) == [
        """
        Unimplemented: continuousClock.sleep

        \(headline) Later uses of this clock are not listed: give the test the .dependencies \
        trait (or its suite; under XCTest, inherit from DependencyTestCase) to have every use \
        listed when the test ends.
        """
      ])
    #expect(collector.issues.first?.location.line == line)
  }

  @Test(.dependencies)
  func aUseInsideWithExpectedIssueIsReportedThereAtOnce() {
    @Dependency(\.continuousClock) var clock
    withExpectedIssue {
      _ = clock.now
    } matching: { issue in
      issue.message == """
        Unimplemented: continuousClock.now

        \(headline) Later uses of this clock are not reported again.
        """
    }
    // Quiet now, and nothing waits for the test's end: another issue would fail the test.
    _ = clock.now
  }
}
