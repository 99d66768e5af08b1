import HarnessClocks
import HarnessDependencies
import HarnessIssues
import HarnessTesting
import XCTest

// The XCTest side of the un-overridden clock's one issue: a DependencyTestCase knows when each
// test ends, so the issue lists every use; a plain XCTestCase reports the first use at once.

private let thisFile = "HarnessDependenciesTests/UnimplementedClockReportXCTests.swift"

private let headline = """
  Unimplemented: continuousClock.sleep

  A test used a clock it did not expect to be used (@Dependency(\\.continuousClock)). Provide a \
  clock to the code under test, e.g. a TestClock or an ImmediateClock.
  """

final class UnimplementedClockReportXCTests: DependencyTestCase {
  /// Where `testListsEveryUseAtTheEnd` sleeps, and reads `now` through `any Clock`.
  private static let sleepLine: UInt = 41
  private static let readLine: UInt = 39

  override func invokeTest() {
    // The issue comes after the test body, still inside the test.
    withExpectedIssue {
      super.invokeTest()
    } matching: { issue in
      issue.message == headline + """
         It was used 3 times in this test:
          sleep at \(thisFile):\(Self.sleepLine) (2 times)
          now at \(thisFile):\(Self.readLine)
        """
        && issue.location.fileID == thisFile && issue.location.line == Self.sleepLine
    }
  }

  func testListsEveryUseAtTheEnd() async throws {
    @Dependency(\.continuousClock) var clock
    let unimplemented = try XCTUnwrap(clock as? UnimplementedClock<Duration>)
    for _ in 0..<2 { try await unimplemented.sleep(for: .seconds(1)) }
    _ = clock.now
  }
}

final class UnimplementedClockPlainXCTests: XCTestCase {
  func testWithoutAnEndSignalTheFirstUseReportsAndSaysHowToListEveryUse() async throws {
    // A plain XCTestCase's test still gets a clock of its own (defaults are cached per test).
    @Dependency(\.continuousClock) var clock
    let unimplemented = try XCTUnwrap(clock as? UnimplementedClock<Duration>)
    let collector = IssueCollector()
    let line = UInt(#line) + 2
    try await withIssueReporters([collector]) {
      try await unimplemented.sleep(for: .seconds(1))
      try await unimplemented.sleep(for: .seconds(1))
    }
    XCTAssertEqual(
      collector.issues.map(\.message),
      [
        headline + """
           Later uses of this clock are not listed: give the test the .dependencies trait (or \
          its suite; under XCTest, inherit from DependencyTestCase) to have every use listed \
          when the test ends.
          """
      ])
    XCTAssertEqual(collector.issues.first?.location.line, line)
  }
}
