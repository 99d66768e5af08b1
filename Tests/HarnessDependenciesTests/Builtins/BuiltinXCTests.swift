import Foundation
import HarnessDependencies
import HarnessIssues
import HarnessTesting
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The built-ins whose test values report issues, under XCTest: reports reach `XCTFail` (and
/// `withExpectedIssue`) there as they reach Swift Testing.
final class BuiltinXCTests: DependencyTestCase {
  func testFireAndForgetReportsAnErrorTheWorkThrows() async {
    struct Failure: Error {}
    @Dependency(\.fireAndForget) var fireAndForget
    await withExpectedIssue {
      await fireAndForget { throw Failure() }
    } matching: { issue in
      issue.message.contains("fireAndForget's work threw Failure()")
        && issue.location.fileID == "HarnessDependenciesTests/BuiltinXCTests.swift"
    }
  }

  func testFireAndForgetRunsToCompletionWhenTheCallerIsCancelled() async {
    let outcome = await fireAndForgetWithItsCallerCancelled()
    XCTAssertTrue(outcome.finished)
    XCTAssertFalse(outcome.sawCancellation, "the caller's cancellation reached the work")
  }

  func testURLSessionReportsEachRequest() async {
    @Dependency(\.urlSession) var urlSession
    await withExpectedIssue {
      _ = try? await urlSession.data(from: URL(string: "https://example.com/todos")!)
    } matching: { issue in
      issue.message.contains("@Dependency(\\.urlSession) is unimplemented in tests")
        && issue.message.contains("https://example.com/todos")
    }
  }

  func testOpenURLReportsEachUse() async {
    @Dependency(\.openURL) var openURL
    await withExpectedIssue {
      let opened = await openURL(URL(string: "https://example.com")!)
      XCTAssertFalse(opened)
    } matching: { issue in
      issue.message.contains("@Dependency(\\.openURL) is unimplemented in tests")
        && issue.location.fileID == "HarnessDependenciesTests/BuiltinXCTests.swift"
    }
  }

  func testAnUnimplementedNowIsReportedAtTheDependencyProperty() {
    let line = #line + 1
    @Dependency(\.date.now) var now
    withExpectedIssue {
      _ = now
    } matching: { issue in
      issue.message.contains("@Dependency(\\.date) is unimplemented in tests")
        && issue.location.fileID == "HarnessDependenciesTests/BuiltinXCTests.swift"
        && issue.location.line == UInt(line)
    }
  }
}
