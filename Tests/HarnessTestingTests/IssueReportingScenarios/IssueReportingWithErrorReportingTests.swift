import HarnessIssues
import HarnessTesting
import Testing

/// swift-issue-reporting's `WithErrorReportingTests`. (`cancellation` is covered by Harness's
/// own WithErrorReportingTests.)
@Suite struct IssueReportingWithErrorReportingTests {
  @Test func basics() {
    withExpectedIssue {
      withErrorReporting {
        throw IRSomeError()
      }
    } matching: { $0.message == "Caught error: IRSomeError()" && $0.error is IRSomeError }

    withExpectedIssue {
      withErrorReporting("Failed") {
        throw IRSomeError()
      }
    } matching: {
      $0.message.contains("Caught error: IRSomeError()") && $0.message.contains("Failed") && $0.error is IRSomeError
    }
    let issues = irRecordedIssues { withErrorReporting("Failed") { throw IRSomeError() } }
    irNote("withErrorReporting basics (message)", issues)
  }

  @Test func overload() async {
    await withExpectedIssue {
      await withErrorReporting { () async throws in
        throw IRSomeError()
      }
    } matching: { $0.message == "Caught error: IRSomeError()" }

    await withExpectedIssue {
      await withErrorReporting("Failed") { () async throws in
        throw IRSomeError()
      }
    } matching: { $0.message.contains("Caught error: IRSomeError()") && $0.message.contains("Failed") }
  }

  @Test func squashOptionalSync() async {
    withExpectedIssue {
      // The original writes `let _: Int? = withErrorReporting { () -> Int? in … }`: its
      // disfavored overload takes `() throws -> R?` and returns `R?`. Harness has no such
      // overload: that line does not compile ("declared closure result 'Int?' is incompatible
      // with contextual type 'Int'"), so the port takes the `Int??` and flattens it.
      let value: Int?? = withErrorReporting { () -> Int? in
        throw IRSomeError()
      }
      let _: Int? = value ?? nil
    } matching: { $0.message == "Caught error: IRSomeError()" }
  }

  @Test func squashOptionalAsync() async {
    await withExpectedIssue {
      // See squashOptionalSync.
      let value: Int?? = await withErrorReporting { () -> Int? in
        await Task.yield()
        throw IRSomeError()
      }
      let _: Int? = value ?? nil
    } matching: { $0.message == "Caught error: IRSomeError()" }
  }

  @MainActor
  @Test func isolation() async {
    await withExpectedIssue {
      await withErrorReporting { () async throws in
        throw IRSomeError()
      }
    } matching: { $0.message == "Caught error: IRSomeError()" }
  }
}
