import Foundation
import HarnessDependencies
import Testing

struct CalendarTests {
  @Test func testValueIsGregorianInUTC() {
    @Dependency(\.calendar) var calendar
    #expect(calendar.identifier == .gregorian)
    #expect(calendar.timeZone.secondsFromGMT() == 0)
    #expect(calendar.locale?.identifier == "en_US_POSIX")
    let components = calendar.dateComponents([.year, .month, .day, .hour], from: Date(timeIntervalSince1970: 0))
    #expect(components == DateComponents(year: 1970, month: 1, day: 1, hour: 0))
  }

  @Test func liveValueIsTheUsersCalendar() {
    withDependencies { $0.context = .live } operation: {
      #expect(DependencyValues.current.calendar == Calendar.autoupdatingCurrent)
    }
  }
}
