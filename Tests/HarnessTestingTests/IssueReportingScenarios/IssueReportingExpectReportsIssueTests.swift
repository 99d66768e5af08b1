import HarnessIssues
import HarnessTesting
import Testing

/// swift-issue-reporting's `ExpectReportsIssueTests`: its `expectReportsIssue … matching:` is
/// what Harness's `withExpectedIssue … matching:` does. (`expectedIssue` is covered by Harness's
/// own ReportIssueTests.)
@Suite struct IssueReportingExpectReportsIssueTests {
  @Test func expectedAsyncIssue() async {
    await withExpectedIssue {
      await Task.yield()
      reportIssue("Oops")
    } matching: { $0.message.contains("Oops") }
  }

  /// A nested expectation whose matcher rejects the issue: the enclosing one sees a failure
  /// that names the rejected issue.
  @Test func unexpectedIssue() {
    let seen = LockIsolated<[String]>([])
    withExpectedIssue {
      withExpectedIssue {
        reportIssue("Oops")
      } matching: { _ in false }
    } matching: { issue in
      seen.withValue { $0.append(issue.message) }
      return issue.message.contains("Oops")
    }
    irNote("unexpectedIssue: outer scope saw \(seen.value.count) issue(s)", message: seen.value.joined(separator: "\n---\n"))
    #expect(
      seen.value.contains {
        $0.hasPrefix("Expected an issue that `matching` accepts") && $0.contains(": Oops")
      }
    )
  }

  @Test func unexpectedAsyncIssue() async {
    let seen = LockIsolated<[String]>([])
    await withExpectedIssue {
      await Task.yield()
      withExpectedIssue {
        reportIssue("Oops")
      } matching: { _ in false }
    } matching: { issue in
      seen.withValue { $0.append(issue.message) }
      return issue.message.contains("Oops")
    }
    #expect(
      seen.value.contains {
        $0.hasPrefix("Expected an issue that `matching` accepts") && $0.contains(": Oops")
      }
    )
  }
}

/// swift-issue-reporting's `IssueReportingTestsNoSupport/WithExpectedIssueTests` (its
/// `WithKnownIssueTests` suite): an issue, then a thrown error, before and after a suspension.
/// (`sync` and `asyncAwaitBefore` are covered: Harness's tests and `withExpectedIssue_reportIssue_Async`.)
@Suite struct IssueReportingWithKnownIssueTests {
  @Test func syncThrows() throws {
    withExpectedIssue {
      reportIssue("Oops!")
      throw IRSomeError()
    }
  }

  @Test func asyncAwaitAfter() async {
    await withExpectedIssue {
      reportIssue("Oops!")
      await Task.yield()
    }
  }

  @Test func asyncAwaitBeforeThrows() async throws {
    await withExpectedIssue {
      await Task.yield()
      reportIssue("Oops!")
      throw IRSomeError()
    }
  }

  @Test func asyncAwaitAfterThrows() async throws {
    await withExpectedIssue {
      reportIssue("Oops!")
      await Task.yield()
      throw IRSomeError()
    }
  }
}
