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

  @Test(.dependency(\.date, .constant(Date(timeIntervalSince1970: 0))))
  func overriddenInATest() {
    @Dependency(\.date.now) var now
    #expect(now == Date(timeIntervalSince1970: 0))
  }
}
