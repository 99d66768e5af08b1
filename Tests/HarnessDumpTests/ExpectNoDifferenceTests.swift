import HarnessDump
import HarnessIssues
import Testing

private struct User: Equatable {
  var id: Int
  var name: String
}

/// Holding NaN, two values dump the same but are never equal (NaN != NaN).
private struct Flaky: Equatable {
  var value: Double
}

private struct Failure: Error {}

@Suite("expectNoDifference")
struct ExpectNoDifferenceTests {
  @Test func equalValuesReportNothing() {
    let collector = IssueCollector()
    withIssueReporters([collector]) {
      expectNoDifference(User(id: 1, name: "a"), User(id: 1, name: "a"))
    }
    #expect(collector.issues.isEmpty)
  }

  @Test func differenceIsReportedWithDiffAndLegend() {
    let collector = IssueCollector()
    withIssueReporters([collector]) {
      expectNoDifference(User(id: 42, name: "Blob, Esq."), User(id: 42, name: "Blob"))
    }
    #expect(collector.issues.map(\.message) == [
      """
      expectNoDifference failed: the values differ

        User(
          id: 42,
      −   name: "Blob, Esq."
      +   name: "Blob"
        )

      (First argument: −, Second argument: +)
      """
    ])
  }

  @Test func theLegendNamesArgumentsByPositionSoEitherOrderReadsRight() {
    // swift-custom-dump's documentation passes (actual, expected): the legend must not call the
    // first argument "Expected".
    let actual = User(id: 1, name: "Blob")
    withExpectedIssue {
      expectNoDifference(actual, User(id: 1, name: "Blob Jr."))
    } matching: { issue in
      issue.message.contains("−   name: \"Blob\"\n+   name: \"Blob Jr.\"")
        && issue.message.hasSuffix("(First argument: −, Second argument: +)")
        && !issue.message.contains("Expected")
    }
  }

  @Test func reportsAtTheCallersLocation() throws {
    let collector = IssueCollector()
    let line: UInt = #line + 2
    withIssueReporters([collector]) {
      expectNoDifference(1, 2)
    }
    let issue = try #require(collector.issues.first)
    #expect(issue.location.line == line)
    #expect(issue.location.fileID.hasSuffix("ExpectNoDifferenceTests.swift"))
    #expect(issue.severity == .error)
  }

  @Test func messageFollowsTheHeadline() {
    withExpectedIssue {
      expectNoDifference(1, 2, "counts should match")
    } matching: { issue in
      issue.message.hasPrefix("expectNoDifference failed: the values differ — counts should match\n\n− 1\n+ 2")
    }
  }

  @Test func unequalValuesWithIdenticalDumpsSaySo() {
    withExpectedIssue {
      expectNoDifference(Flaky(value: .nan), Flaky(value: .nan))
    } matching: { issue in
      issue.message.contains("not equal (==), but their dumps are the same")
        && issue.message.contains("Flaky(value: nan)")
    }
  }

  @Test func thrownErrorsAreReported() {
    func failing() throws -> Int { throw Failure() }
    withExpectedIssue {
      expectNoDifference(try failing(), 1)
    } matching: { issue in
      issue.error is Failure && issue.message.contains("Caught error")
    }
  }
}
