import Foundation
import HarnessDependencies
import HarnessIssues
import HarnessTesting
import Testing

struct DateTests {
  @Test func constantAlwaysGivesTheSameDate() {
    let date = DateGenerator.constant(Date(timeIntervalSince1970: 42))
    #expect(date.now == Date(timeIntervalSince1970: 42))
    #expect(date() == Date(timeIntervalSince1970: 42))
  }

  @Test func customGenerator() {
    let date = DateGenerator { Date(timeIntervalSince1970: 7) }
    #expect(date.now.timeIntervalSince1970 == 7)
  }

  @Test func liveValueIsTheSystemClock() {
    withDependencies { $0.context = .live } operation: {
      @Dependency(\.date) var date
      let before = Date()
      let now = date.now
      #expect(now >= before)
      #expect(now <= Date())
    }
  }

  @Test func testValueReportsEachUse() {
    @Dependency(\.date) var date
    withExpectedIssue {
      _ = date.now
    } matching: { issue in
      issue.message.contains("@Dependency(\\.date) is unimplemented in tests")
        && issue.message.contains("$0.date = .constant(Date(timeIntervalSince1970: 0))")
    }
  }

  @Test func anUnimplementedNowIsReportedAtTheUsersDependencyProperty() {
    let nowLine = #line + 1
    @Dependency(\.date.now) var now
    let dateLine = #line + 1
    @Dependency(\.date) var date
    let collector = IssueCollector()
    let callLine = withIssueReporters([collector]) {
      _ = now
      _ = date.now
      _ = date(); return #line
    }
    let locations = collector.issues.map { "\($0.location.fileID):\($0.location.line)" }
    let file = "HarnessDependenciesTests/DateTests.swift"
    // `now` cannot take its caller's line: the property that read the generator stands for it;
    // `date()` can.
    #expect(locations == ["\(file):\(nowLine)", "\(file):\(dateLine)", "\(file):\(callLine)"])
  }

  @Test(.dependency(\.date, .constant(Date(timeIntervalSince1970: 0))))
  func overriddenInATest() {
    @Dependency(\.date.now) var now
    #expect(now == Date(timeIntervalSince1970: 0))
  }
}
