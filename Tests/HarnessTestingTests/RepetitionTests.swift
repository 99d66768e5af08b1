import Foundation
import HarnessDependencies
import HarnessIssues
import HarnessTesting
import Testing

/// `@Suite(.dependencies)`: a fresh scope for every test, argument and repetition.
@Suite struct RepetitionTests {
  @Test func theNoArgumentTraitStartsEveryRepetitionFresh() async throws {
    let run = try await runFixtures([
      "--testing-library", "swift-testing", "--filter", "RepetitionFixtures", "--repetitions", "3",
    ])
    #expect(run.status == 0, "\(run.output)")
    let lines = run.output.split(separator: "\n")
    #expect(lines.filter { $0.contains("Test countsFromZeroInEveryIteration() passed") }.count == 3)
    let parameterized = "Test everyArgumentCountsFromZeroInEveryIteration(_:) with 3 test cases passed"
    #expect(lines.filter { $0.contains(parameterized) }.count == 3)
  }
}

/// A suite under the no-argument trait: its defaults live in the trait's scope, not in the
/// per-test cache that tests without a trait share with their repetitions.
@Suite(.dependencies)
struct NoArgumentDependencyTraitTests {
  @Test func eachTestGetsAFreshScopeOfItsOwn() throws {
    let test = try #require(TestContext.current)
    _ = DependencyValues.current[FreshScopeKey.self]
    #expect(!hasCachedDefaults(for: test))
    #expect(DependencyValues.current[FreshScopeKey.self].next() == 0)
  }

  @Test(arguments: 0..<5)
  func eachArgumentGetsAFreshScopeOfItsOwn(_: Int) {
    #expect(DependencyValues.current[FreshScopeKey.self].next() == 0)
  }
}

/// Per-test caches of tests that run without a trait are bounded.
@Suite struct PerTestCacheBoundTests {
  @Test func onlyIdleTestsCachesGoWhenManyPileUp() async {
    // In a process of its own: dropping here must not touch the caches of tests running beside.
    await #expect(processExitsWith: .success) {
      setPerTestCacheIdleLimit(.milliseconds(200))
      let tests = (0..<(perTestCacheLimit + 10)).map { TestContext.swiftTesting(id: "test \($0)") }
      for test in tests.prefix(perTestCacheLimit) { cacheDefaults(for: test) }
      usleep(400_000)
      // Still in use: stays when the idle ones go.
      cacheDefaults(for: tests[0])
      for test in tests.suffix(10) { cacheDefaults(for: test) }
      let kept = hasCachedDefaults(for: tests[0]) && !hasCachedDefaults(for: tests[1])
        && hasCachedDefaults(for: tests[tests.count - 1])
      // A dropped test that reads again is warned.
      let collector = IssueCollector()
      withIssueReporters([collector]) { cacheDefaults(for: tests[1]) }
      let warned = collector.issues.first?.message.contains("its cached default values were dropped") == true
      exit(kept && warned ? 0 : 1)
    }
  }

  @Test func manyTestsRunningAtOnceKeepTheirCaches() async {
    await #expect(processExitsWith: .success) {
      let tests = (0..<(3 * perTestCacheLimit)).map { TestContext.swiftTesting(id: "test \($0)") }
      for test in tests { cacheDefaults(for: test) }
      exit(tests.allSatisfy { hasCachedDefaults(for: $0) } ? 0 : 1)
    }
  }
}

private final class FreshScopeCounter: Sendable {
  private let value = Locked(0)
  func next() -> Int { value.withLock { value in defer { value += 1 }; return value } }
}

private enum FreshScopeKey: TestDependencyKey {
  static var testValue: FreshScopeCounter { FreshScopeCounter() }
}
