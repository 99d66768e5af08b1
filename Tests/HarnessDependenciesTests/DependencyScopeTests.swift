import HarnessDependencies
import HarnessIssues
import Testing

/// Read outside any test, only by the test below.
enum OutsideTestKey: DependencyKey {
  static let liveValue = "live"
  static let testValue = "test"
}

struct DependencyScopeTests {
  @Test func readingOutsideAnyTestWarnsOnceAndUsesTheProcessDefaults() async {
    let (value, issues) = await Task.detached {
      let collector = IssueCollector()
      let value = withIssueReporters([collector]) {
        _ = DependencyValues.current[OutsideTestKey.self]
        return DependencyValues.current[OutsideTestKey.self]
      }
      return (value, collector.issues)
    }.value
    #expect(value == "test")
    #expect(issues.count == 1)
    #expect(issues.first?.severity == .warning)
    #expect(issues.first?.message.contains("was read outside any test") == true)
    #expect(issues.first?.message.contains("withEscapedDependencies") == true)
  }

  @Test func anEndedTestsCachedValuesAreForgotten() throws {
    let test = try #require(TestContext.current)
    let first = DependencyValues.current.instance
    #expect(DependencyValues.current.instance === first)
    testEnded(test)
    let second = DependencyValues.current.instance
    #expect(second !== first)
    #expect(DependencyValues.current.instance === second)
  }
}
