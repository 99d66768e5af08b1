import Foundation
import HarnessDependencies
import HarnessIssues
import Testing

struct DependencyContextTests {
  @Test func testsRunInTheTestContext() {
    @Dependency(\.context) var context
    #expect(context == .test)
  }

  @Test func withoutTheVariableTestProcessesAreTestAndOthersLive() {
    #expect(DependencyContext.detect(environment: [:], isTesting: true) == (.test, nil))
    #expect(DependencyContext.detect(environment: [:], isTesting: false) == (.live, nil))
  }

  @Test(arguments: [
    ("live", DependencyContext.live), ("preview", .preview), ("test", .test), (" Preview ", .preview),
    ("LIVE", .live),
  ])
  func theVariableForcesTheContext(value: String, expected: DependencyContext) {
    let (context, problem) = DependencyContext.detect(
      environment: ["HARNESS_DEPENDENCY_CONTEXT": value], isTesting: true
    )
    #expect(context == expected)
    #expect(problem == nil)
  }

  @Test func aBadValueIsReportedAndIgnored() throws {
    let (context, problem) = DependencyContext.detect(
      environment: ["HARNESS_DEPENDENCY_CONTEXT": "production"], isTesting: false
    )
    #expect(context == .live)
    let message = try #require(problem)
    #expect(message.contains("HARNESS_DEPENDENCY_CONTEXT is set to \"production\""))
    #expect(message.contains("Allowed values: \"live\", \"preview\", \"test\""))
    #expect(message.contains("Using \"live\""))
  }

  @Test func theEnvironmentVariableForcesTheProcessContext() async {
    await #expect(processExitsWith: .success) {
      setenv("HARNESS_DEPENDENCY_CONTEXT", "live", 1)
      let context = withFreshDependencies { DependencyValues.current.context }
      exit(context == .live ? 0 : 1)
    }
  }

  @Test func aBadEnvironmentVariableIsReportedInTheProcess() async {
    await #expect(processExitsWith: .success) {
      setenv("HARNESS_DEPENDENCY_CONTEXT", "staging", 1)
      let collector = IssueCollector()
      let context = withIssueReporters([collector]) {
        withFreshDependencies { DependencyValues.current.context }
      }
      let reported = collector.issues.contains {
        $0.message.contains("HARNESS_DEPENDENCY_CONTEXT is set to \"staging\"")
      }
      exit(context == .test && reported ? 0 : 1)
    }
  }
}
