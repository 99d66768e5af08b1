import HarnessIssues
import HarnessTesting
import Testing

/// Scenarios of IssueReporting's `SwiftTestingTests` (xctest-dynamic-overlay 1.2.x and
/// swift-issue-reporting HEAD), in Harness's names. Where the original asserts what Swift
/// Testing records (`withKnownIssue … matching:`), the port asserts the issue with Harness's
/// `withExpectedIssue … matching:` and also looks at what reaches Swift Testing.
@Suite struct IssueReportingSwiftTestingTests {
  @Test func context() {
    guard case .swiftTesting(let id) = TestContext.current else {
      Issue.record("TestContext.current is \(String(describing: TestContext.current))")
      return
    }
    #expect(id.contains("context"))
  }

  @Test func reportIssue_NoMessage() {
    withExpectedIssue {
      reportIssue()
    } matching: { $0.message.isEmpty && $0.severity == .error }

    let issues = irRecordedIssues { reportIssue() }
    irNote("reportIssue_NoMessage", issues)
    #expect(issues.count == 1)
    #expect(issues.first?.severity == .error)
  }

  @Test func reportError_NoMessage() {
    withExpectedIssue {
      reportIssue(IRFailure())
    } matching: { $0.message == "Caught error: IRFailure()" && $0.error is IRFailure }

    let issues = irRecordedIssues { reportIssue(IRFailure()) }
    irNote("reportError_NoMessage", issues)
    #expect(issues.count == 1)
    #expect(issues.first?.description.contains("Caught error: IRFailure()") == true)
    // The original records the error itself, so `withKnownIssue { } matching: { $0.error is E }`
    // works on it.
    #expect(issues.first?.error is IRFailure)
  }

  @Test func reportIssue_CustomMessage() {
    withExpectedIssue {
      reportIssue("Something went wrong")
    } matching: { $0.message == "Something went wrong" }

    let issues = irRecordedIssues { reportIssue("Something went wrong") }
    irNote("reportIssue_CustomMessage", issues)
    #expect(issues.count == 1)
    // Swift Testing 6.3 appends " (error)" to the kind: check the text, as the original's
    // `issueDescriptionSuffix` does.
    #expect(issues.first.map(irText(of:)) == "Expectation failed: Something went wrong")
  }

  @Test func reportIssue_CustomMessage_WarningSeverity() {
    withIssueReporters([]) {
      reportIssue("Something went wrong", severity: .warning)
    }
  }

  /// swift-issue-reporting's Examples: a warning reaches Swift Testing as a warning.
  @Test func reportIssue_CustomSeverity() {
    let issues = irRecordedIssues { reportIssue("Something went less wrong", severity: .warning) }
    irNote("reportIssue_CustomSeverity", issues)
    #expect(issues.count == 1)
    #expect(issues.first?.severity == .warning)
    #expect(issues.first?.description.contains("Something went less wrong") == true)
  }

  @Test func reportError_CustomMessage() {
    withExpectedIssue {
      reportIssue(IRFailure(), "Something went wrong")
    } matching: {
      $0.message.contains("Caught error: IRFailure()") && $0.message.contains("Something went wrong")
        && $0.error is IRFailure
    }

    let issues = irRecordedIssues { reportIssue(IRFailure(), "Something went wrong") }
    irNote("reportError_CustomMessage", issues)
    #expect(issues.count == 1)
    let shown = issues.first.map(irText(of:)) ?? ""
    #expect(shown.contains("Caught error: IRFailure()") && shown.contains("Something went wrong"))
    #expect(issues.first?.error is IRFailure)
  }

  @Test func withExpectedIssue_reportIssue() {
    withExpectedIssue {
      reportIssue()
    }
  }

  @Test func withExpectedIssue_reportIssue_Async() async {
    await withExpectedIssue {
      await Task.yield()
      reportIssue()
    }
  }

  @Test func withExpectedIssue_issueRecord() {
    withExpectedIssue {
      Issue.record()
    }
  }

  @Test func withExpectedIssue_throw() {
    withExpectedIssue { throw IRFailure() }
  }

  @Test func withExpectedIssue_NoMessage_NoIssue() {
    withExpectedIssue {
      withExpectedIssue {}
    } matching: { $0.message.hasPrefix("Expected an issue to be reported, but none was.") }

    let line = #line + 1
    let issues = irRecordedIssues { withExpectedIssue {} }
    irNote("withExpectedIssue_NoMessage_NoIssue", issues)
    #expect(issues.count == 1)
    #expect(issues.first?.severity == .error)
    #expect(issues.first?.sourceLocation?.line == line)
  }

  @Test func withExpectedIssue_NoMessage_NoIssue_Async() async {
    await withExpectedIssue {
      await withExpectedIssue { await Task.yield() }
    } matching: { $0.message.hasPrefix("Expected an issue to be reported, but none was.") }

    let issues = await irRecordedIssues { await withExpectedIssue { await Task.yield() } }
    irNote("withExpectedIssue_NoMessage_NoIssue_Async", issues)
    #expect(issues.count == 1)
  }

  @Test func withExpectedIssue_CustomMessage_NoIssue() {
    withExpectedIssue {
      withExpectedIssue("This didn't fail") {}
    } matching: { $0.message.contains("This didn't fail") }

    let issues = irRecordedIssues { withExpectedIssue("This didn't fail") {} }
    irNote("withExpectedIssue_CustomMessage_NoIssue", issues)
    #expect(issues.count == 1)
    #expect(issues.first.map(irText(of:))?.contains("This didn't fail") == true)
  }

  @Test func withExpectedIssue_CustomMessage_NoIssue_Async() async {
    await withExpectedIssue {
      await withExpectedIssue("This didn't fail") { await Task.yield() }
    } matching: { $0.message.contains("This didn't fail") }
  }

  @Test func withExpectedIssue_IsIntermittent() {
    withExpectedIssue(isIntermittent: true) {}
  }

  @Test func withExpectedIssue_IsIntermittent_Async() async {
    await withExpectedIssue(isIntermittent: true) {
      await Task.yield()
    }
  }

  @Test func emptyMessage() {
    withExpectedIssue { reportIssue("") }
    #expect(irRecordedIssues { reportIssue("") }.count == 1)
  }

  @Test func emptyMessage_async() async {
    await withExpectedIssue {
      await Task.yield()
      reportIssue("")
    }
    #expect(await irRecordedIssues { await Task.yield(); reportIssue("") }.count == 1)
  }

  @Test func emptyMessage_throws() throws {
    withExpectedIssue { reportIssue("") }
  }

  @Test func emptyMessage_asyncThrows() async throws {
    await withExpectedIssue {
      await Task.yield()
      reportIssue("")
    }
  }

  @Test func emptyReporters() async throws {
    withIssueReporters([]) {
      reportIssue("This should not fail")
    }
  }

  @Test func `non-default reporter does not fail test when issue reported`() {
    withIssueReporters([.noop]) {
      reportIssue("This should not fail")
    }
  }
}
