import HarnessIssues
import HarnessTesting
import Testing

/// IssueReporting's `UnimplementedTests`: an endpoint made with `unimplemented()` and no name,
/// for every closure shape, reports when called, where it was defined, with its arguments.
@Suite struct IssueReportingUnimplementedTests {
  static let file = "HarnessTestingTests/IssueReportingUnimplementedTests.swift"

  /// Harness's report: unnamed endpoint, defined at `line`, invoked with `arguments`.
  static func isReport(_ issue: ReportedIssue, line: Int, arguments: String) -> Bool {
    issue.message.hasPrefix("Unimplemented\n")
      && issue.message.contains("Defined at:\n    \(file):\(line)")
      && issue.message.contains("Invoked with:\n    \(arguments)")
      && issue.location.line == UInt(line)
  }

  @Test func unimplemented_ReturningVoid() {
    final class Model: Sendable {
      let line = #line + 1
      let callback: @Sendable (Int) -> Void = unimplemented()
    }
    let model = Model()
    withExpectedIssue {
      model.callback(42)
    } matching: { Self.isReport($0, line: model.line, arguments: "42") }

    let issues = irRecordedIssues { model.callback(42) }
    irNote("unimplemented_ReturningVoid", issues)
    #expect(issues.count == 1)
    #expect(issues.first?.sourceLocation?.line == model.line)
  }

  @Test func unimplemented_VoidToVoid() {
    final class Model: Sendable {
      let line = #line + 1
      let callback: @Sendable () -> Void = unimplemented()
    }
    let model = Model()
    // The line is read out first: capturing `model` in both closures crashes the Swift 6.3.1
    // compiler's release build (signal 11 in LLVM's coroutine passes, an empty parameter pack's
    // storage in the frame of the async thunk `@Test` makes).
    let line = model.line
    withExpectedIssue {
      model.callback()
    } matching: { Self.isReport($0, line: line, arguments: "()") }
  }

  @Test func unimplemented_NonVoidReturning() {
    final class Model: Sendable {
      let line = #line + 1
      let callback: @Sendable () -> Int = unimplemented(placeholder: 42)
    }
    let model = Model()
    // Read out first, as in `unimplemented_VoidToVoid`.
    let line = model.line
    withExpectedIssue {
      #expect(model.callback() == 42)
    } matching: { Self.isReport($0, line: line, arguments: "()") }
  }

  /// The original accepts either issue: the report, or the thrown error caught by the scope.
  @Test func unimplemented_ThrowingFunction() throws {
    final class Model: Sendable {
      let line = #line + 1
      let callback: @Sendable () throws -> Void = unimplemented()
    }
    let model = Model()
    let seen = LockIsolated<[ReportedIssue]>([])
    withExpectedIssue {
      _ = try model.callback()
    } matching: { issue in
      seen.withValue { $0.append(issue) }
      return Self.isReport(issue, line: model.line, arguments: "()")
        || (issue.message.hasPrefix("Caught error: ") && issue.error is Unimplemented)
    }
    #expect(seen.value.count == 2)
    irNote("unimplemented_ThrowingFunction (thrown error)", message: seen.value.last?.message ?? "")
  }

  /// Nested: the inner scope expects the report, the outer one the thrown error.
  @Test func throwing() throws {
    final class Model: Sendable {
      let line = #line + 1
      let callback: @Sendable () throws -> Void = HarnessIssues.unimplemented()
    }
    let model = Model()
    withExpectedIssue {
      withExpectedIssue {
        _ = try model.callback()
      } matching: { Self.isReport($0, line: model.line, arguments: "()") }
    } matching: { issue in
      issue.message.hasPrefix("Caught error: ") && issue.error is Unimplemented
    }
  }

  @MainActor
  @Test func mainActor() throws {
    final class Model: Sendable {
      let line = #line + 1
      let callback: @Sendable @MainActor () throws -> Void = HarnessIssues.unimplemented()
    }
    let model = Model()
    withExpectedIssue {
      withExpectedIssue {
        _ = try model.callback()
      } matching: { Self.isReport($0, line: model.line, arguments: "()") }
    } matching: { issue in
      issue.message.hasPrefix("Caught error: ") && issue.error is Unimplemented
    }
  }
}
