import HarnessIssues
import Testing

@Suite struct ReportIssueTests {
  @Test func reportsMessageSeverityAndCallerLocation() {
    let collector = IssueCollector()
    let line: UInt = #line + 1
    withIssueReporters([collector]) { reportIssue("Something is off", severity: .warning) }

    #expect(collector.issues.count == 1)
    let issue = collector.issues.first
    #expect(issue?.message == "Something is off")
    #expect(issue?.severity == .warning)
    #expect(issue?.location.fileID == "HarnessIssuesTests/ReportIssueTests.swift")
    #expect(issue?.location.filePath.hasSuffix("Tests/HarnessIssuesTests/ReportIssueTests.swift") == true)
    #expect(issue?.location.line == line)
    #expect(issue?.severity == .warning)
  }

  @Test func reportsErrorsWithTheirDescriptionAndContext() {
    struct Failure: Error { var code: Int }
    let collector = IssueCollector()
    withIssueReporters([collector]) { reportIssue(Failure(code: 7), "While saving") }

    let issue = collector.issues.first
    #expect(issue?.message == "While saving\n\nCaught error: Failure(code: 7)")
    #expect((issue?.error as? Failure)?.code == 7)
    #expect(issue?.severity == .error)
  }

  @Test func everyReporterInTheScopeReceivesTheIssue() {
    let first = IssueCollector()
    let second = IssueCollector()
    withIssueReporters([first, second]) { reportIssue("twice") }
    #expect(first.issues.map(\.message) == ["twice"])
    #expect(second.issues.map(\.message) == ["twice"])
  }

  @Test func reportersFlowIntoChildTasks() async {
    let collector = IssueCollector()
    await withIssueReporters([collector]) {
      await Task { reportIssue("from Task") }.value
      async let child: Void = reportIssue("from async let")
      await child
      await withTaskGroup(of: Void.self) { group in
        group.addTask { reportIssue("from group") }
      }
    }
    #expect(Set(collector.issues.map(\.message)) == ["from Task", "from async let", "from group"])
  }

  @Test func issueDescriptionNamesLocationSeverityAndMessage() {
    let issue = ReportedIssue(
      message: "Broken",
      location: SourceCodeLocation(fileID: "App/File.swift", filePath: "/x/File.swift", line: 3, column: 9)
    )
    #expect(issue.description == "App/File.swift:3:9: error: Broken")
  }

  @Test func reportsInsideTheRunningTestAreCaughtByExpectation() {
    withExpectedIssue {
      reportIssue("Fails the test unless expected")
    } matching: { $0.message == "Fails the test unless expected" }
  }

  @Test func isTestingIsTrueInTests() {
    #expect(isTesting)
    #expect(TestContext.current != nil)
  }
}
