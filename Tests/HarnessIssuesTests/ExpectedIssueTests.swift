import HarnessIssues
import Testing

@Suite struct ExpectedIssueTests {
  @Test func expectedIssueDoesNotReachReporters() {
    let collector = IssueCollector()
    withIssueReporters([collector]) {
      withExpectedIssue { reportIssue("expected") }
    }
    #expect(collector.issues.isEmpty)
  }

  @Test func bodyWithoutIssueIsReportedAtTheCallSite() {
    let collector = IssueCollector()
    let line: UInt = #line + 2
    withIssueReporters([collector]) {
      withExpectedIssue("the cache to be cold") {}
    }
    #expect(collector.issues.count == 1)
    let issue = collector.issues.first
    #expect(issue?.message.hasPrefix("Expected an issue to be reported, but none was.") == true)
    #expect(issue?.message.contains("Expected: the cache to be cold") == true)
    #expect(issue?.message.contains("isIntermittent: true") == true)
    #expect(issue?.location.line == line)
  }

  @Test func missingIssueFailsTheEnclosingExpectation() {
    // The inner scope's "expected an issue" report is itself an issue the outer scope expects.
    withExpectedIssue {
      withExpectedIssue {}
    } matching: { $0.message.hasPrefix("Expected an issue to be reported, but none was.") }
  }

  @Test func intermittentScopeAcceptsNoIssue() {
    let collector = IssueCollector()
    withIssueReporters([collector]) {
      withExpectedIssue(isIntermittent: true) {}
    }
    #expect(collector.issues.isEmpty)
  }

  @Test func nonMatchingIssuesAreReportedAsUsual() {
    let collector = IssueCollector()
    withIssueReporters([collector]) {
      withExpectedIssue {
        reportIssue("not this one")
        reportIssue("this one")
      } matching: { $0.message == "this one" }
    }
    #expect(collector.issues.map(\.message) == ["not this one"])
  }

  @Test func nonMatchingIssueLeavesTheScopeUnsatisfied() {
    let collector = IssueCollector()
    withIssueReporters([collector]) {
      withExpectedIssue {
        reportIssue("other")
      } matching: { $0.message == "wanted" }
    }
    #expect(collector.issues.map(\.message.first) == ["o", "E"])
  }

  /// When the body reported something, the failure says what, instead of "none was".
  @Test func nonMatchingIssuesAreShownWhenNothingMatched() {
    let collector = IssueCollector()
    let line: UInt = #line + 3
    withIssueReporters([collector]) {
      withExpectedIssue {
        reportIssue("Unimplemented: 'Client.load'\n\nmore detail")
      } matching: { $0.message.contains("Client.fetch") }
    }
    #expect(collector.issues.count == 2)
    let failure = collector.issues.last?.message ?? ""
    #expect(failure.hasPrefix("Expected an issue that `matching` accepts, but the issue the body reported did not match"))
    #expect(failure.contains("  • HarnessIssuesTests/ExpectedIssueTests.swift:\(line): Unimplemented: 'Client.load'"))
    #expect(!failure.contains("more detail"))
    #expect(!failure.contains("none was"))
  }

  @Test func thrownErrorIsAnExpectedIssue() {
    struct Boom: Error {}
    let collector = IssueCollector()
    withIssueReporters([collector]) {
      withExpectedIssue {
        throw Boom()
      } matching: { $0.error is Boom }
    }
    #expect(collector.issues.isEmpty)
  }

  @Test func innermostMatchingScopeConsumesTheIssue() {
    let collector = IssueCollector()
    withIssueReporters([collector]) {
      withExpectedIssue {
        withExpectedIssue {
          reportIssue("outer's")
          reportIssue("inner's")
        } matching: { $0.message == "inner's" }
      } matching: { $0.message == "outer's" }
    }
    #expect(collector.issues.isEmpty)
  }

  @Test func asyncBodyCoversChildTasks() async {
    let collector = IssueCollector()
    await withIssueReporters([collector]) {
      await withExpectedIssue {
        await Task { reportIssue("from Task") }.value
        await withTaskGroup(of: Void.self) { group in
          group.addTask { reportIssue("from group") }
        }
      } matching: { $0.message.hasPrefix("from ") }
    }
    #expect(collector.issues.isEmpty)
  }

  @Test func asyncBodyWithoutIssueIsReported() async {
    let collector = IssueCollector()
    await withIssueReporters([collector]) {
      await withExpectedIssue { await Task.yield() }
    }
    #expect(collector.issues.count == 1)
    #expect(collector.issues.first?.message.hasPrefix("Expected an issue") == true)
  }
}
