import Foundation
import HarnessIssues
import HarnessTesting
import Testing

/// Issue reporters. IssueReporting has no tests for them; these check the behaviour its
/// reporters document (`.fatalError` stops the process with the message, `.runtimeWarning` prints
/// `Module/File.swift:line: message` on Linux and the program goes on), in exit tests.
@Suite struct IssueReportingIssueReporterTests {
  @Test func fatalErrorReporter() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      withIssueReporters([.fatalError]) {
        reportIssue("Something went wrong")
      }
    }
    let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(stderr.contains("Something went wrong"))
  }

  /// The original's `.fatalError` says "Issue reported" when the message is empty.
  @Test func fatalErrorReporter_NoMessage() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      withIssueReporters([.fatalError]) {
        reportIssue()
      }
    }
    let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(stderr.contains("Issue reported"))
  }

  @Test func runtimeWarningReporter() async {
    let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      withIssueReporters([.runtimeWarning]) {
        reportIssue("Something went wrong")
      }
    }
    let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(stderr.contains("HarnessTestingTests/IssueReportingIssueReporterTests.swift:"))
    #expect(stderr.contains(": Something went wrong"))
  }
}
