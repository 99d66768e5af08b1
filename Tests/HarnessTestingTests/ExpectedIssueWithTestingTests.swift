import HarnessIssues
import HarnessTesting
import Testing

/// `withExpectedIssue` also covers failures recorded with Swift Testing itself in its body.
@Suite struct ExpectedIssueWithTestingTests {
  @Test func absorbsIssueRecord() {
    withExpectedIssue {
      Issue.record("recorded directly: 42")
    } matching: { $0.message.contains("recorded directly: 42") }
  }

  @Test func absorbsAFailedExpectation() {
    let value = 2
    withExpectedIssue {
      #expect(value == 3)
    }
  }

  /// A directly recorded failure that `matching` rejects still fails the test (known here to
  /// Swift Testing only, by the outer withKnownIssue), and the expected-issue scope reports
  /// that nothing matched.
  @Test func leavesNonMatchingFailuresAlone() {
    withKnownIssue {
      withExpectedIssue {
        Issue.record("something else")
      } matching: { $0.message.contains("wanted") }
    } matching: { issue in
      issue.comments.contains { $0.rawValue == "something else" }
        || (text(of: issue).hasPrefix("Expectation failed: Expected an issue that `matching` accepts")
          && text(of: issue).contains("something else"))
    }
  }
}

@Suite struct AsyncExpectedIssueWithTestingTests {
  @Test func asyncBodyAbsorbsIssueRecordFromAChildTask() async {
    await withExpectedIssue {
      let child = Task { () -> Void in Issue.record("from a child task") }
      await child.value
    } matching: { $0.message.contains("from a child task") }
  }
}

@Suite struct ExpectedIssueRejectionMessageTests {
  /// Nothing matched: the failure lists each directly recorded issue, with its line.
  @Test func listsRejectedIssueRecordsAndExpectations() {
    let seen = LockIsolated<[String]>([])
    let line = #line + 4
    let value = 2
    withKnownIssue {
      withExpectedIssue {
        Issue.record("first unrelated")
        #expect(value == 3)
      } matching: { $0.message.contains("wanted") }
    } matching: { issue in
      seen.withValue { $0.append(text(of: issue)) }
      return true
    }
    let failure = seen.value.last ?? ""
    #expect(seen.value.count == 3)
    #expect(
      failure.hasPrefix(
        "Expectation failed: Expected an issue that `matching` accepts, but the 2 issues the body reported did not match"
      )
    )
    #expect(failure.contains("  • HarnessTestingTests/ExpectedIssueWithTestingTests.swift:\(line): first unrelated\n"))
    #expect(
      failure.contains("  • HarnessTestingTests/ExpectedIssueWithTestingTests.swift:\(line + 1): Expectation failed: (value → 2) == 3\n")
    )
  }
}

extension ExpectedIssueRejectionMessageTests {
  /// A rejected Harness issue reaches Swift Testing, but is not offered to the scope again:
  /// it is listed once.
  @Test func listsARejectedReportedIssueOnce() {
    let seen = LockIsolated<[String]>([])
    withKnownIssue {
      withExpectedIssue {
        reportIssue("through Harness")
      } matching: { $0.message.contains("wanted") }
    } matching: { issue in
      seen.withValue { $0.append(text(of: issue)) }
      return true
    }
    #expect(seen.value.count == 2)
    #expect(seen.value.first == "Expectation failed: through Harness")
    let failure = seen.value.last ?? ""
    #expect(failure.hasPrefix("Expectation failed: Expected an issue that `matching` accepts, but the issue the body reported"))
    #expect(failure.components(separatedBy: "through Harness").count == 2)
  }
}

/// An issue's headline and comments, as `swift test` prints them.
private func text(of issue: Issue) -> String {
  (["\(issue.kind)"] + issue.comments.map(\.rawValue)).joined(separator: "\n")
}

/// A reported error reaches Swift Testing as the error it is: `withKnownIssue`'s matcher sees it
/// in `Issue.error`, as it would for a thrown one.
@Suite struct CaughtErrorRecordingTests {
  struct DiskFull: Error {}

  @Test func aReportedErrorIsRecordedAsACaughtError() {
    let seen = LockIsolated<[String]>([])
    withKnownIssue {
      reportIssue(DiskFull(), "While saving")
    } matching: { issue in
      seen.withValue { $0.append(text(of: issue)) }
      return issue.error is DiskFull
    }
    #expect(seen.value.count == 1)
    #expect(seen.value.first?.hasPrefix("Caught error") == true)
    #expect(seen.value.first?.hasSuffix("\nWhile saving") == true)
    #expect(seen.value.first?.components(separatedBy: "Caught error").count == 2)
  }

  @Test func withErrorReportingRecordsTheErrorItCaught() {
    withKnownIssue {
      _ = withErrorReporting { () throws -> Int in throw DiskFull() }
    } matching: { $0.error is DiskFull }
  }
}

/// An issue reported without a message is shown as `Issue reported`, not as an empty line.
@Suite struct EmptyMessageTests {
  @Test func anIssueWithoutAMessageIsShownAsIssueReported() {
    let seen = LockIsolated<[String]>([])
    withKnownIssue {
      reportIssue()
    } matching: { issue in
      seen.withValue { $0.append(text(of: issue)) }
      return true
    }
    #expect(seen.value == ["Expectation failed: Issue reported"])
  }
}
