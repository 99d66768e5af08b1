import HarnessIssues
import Testing

@Suite struct WithErrorReportingTests {
  struct Failure: Error, Equatable { var reason: String }

  @Test func returnsTheResultWhenNothingThrows() {
    let collector = IssueCollector()
    let value = withIssueReporters([collector]) { withErrorReporting { 42 } }
    #expect(value == 42)
    #expect(collector.issues.isEmpty)
  }

  @Test func reportsTheErrorAndReturnsNil() {
    let collector = IssueCollector()
    let line: UInt = #line + 2
    let value: Int? = withIssueReporters([collector]) {
      withErrorReporting("Loading todos") { () throws -> Int in throw Failure(reason: "disk full") }
    }
    #expect(value == nil)
    #expect(collector.issues.count == 1)
    #expect(collector.issues.first?.message == #"Loading todos\#n\#nCaught error: Failure(reason: "disk full")"#)
    #expect(collector.issues.first?.location.line == line)
  }

  /// A body returning an optional gives one optional, as swift-issue-reporting's does: its value,
  /// or `nil` when it returned `nil` or threw.
  @Test func anOptionalResultIsNotWrappedTwice() async {
    let collector = IssueCollector()
    func firstEven(_ values: [Int]) throws -> Int? {
      if values.isEmpty { throw Failure(reason: "empty") }
      return values.first { $0.isMultiple(of: 2) }
    }
    await withIssueReporters([collector]) {
      let found: Int? = withErrorReporting { try firstEven([1, 4]) }
      let none = withErrorReporting { try firstEven([1, 3]) }
      let thrown = withErrorReporting { try firstEven([]) }
      let asyncFound: Int? = await withErrorReporting { () async throws -> Int? in
        await Task.yield()
        return try firstEven([6])
      }
      #expect(found == 4)
      #expect(none == nil)
      #expect(thrown == nil)
      #expect(asyncFound == 6)
      #expect(type(of: none) == Int?.self)
    }
    #expect(collector.issues.map(\.message) == [#"Caught error: Failure(reason: "empty")"#])
  }

  @Test func sendsTheIssueToTheGivenReporters() {
    let collector = IssueCollector()
    withErrorReporting(to: [collector]) { throw Failure(reason: "x") }
    #expect(collector.issues.count == 1)
  }

  @Test func cancellationIsNotAnIssue() async {
    let collector = IssueCollector()
    await withIssueReporters([collector]) {
      await withErrorReporting { () async throws in
        await Task.yield()
        throw CancellationError()
      }
      withErrorReporting { throw CancellationError() }
    }
    #expect(collector.issues.isEmpty)
  }

  @Test func asyncVariantReports() async {
    let collector = IssueCollector()
    let value: String? = await withIssueReporters([collector]) {
      await withErrorReporting { () async throws -> String in
        await Task.yield()
        throw Failure(reason: "late")
      }
    }
    #expect(value == nil)
    #expect(collector.issues.first?.error as? Failure == Failure(reason: "late"))
  }
}
