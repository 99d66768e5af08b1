import Foundation
import HarnessDependencies
import Testing

struct TimeZoneTests {
  @Test func testValueIsUTC() {
    @Dependency(\.timeZone) var timeZone
    #expect(timeZone.secondsFromGMT() == 0)
    #expect(timeZone.isDaylightSavingTime(for: Date(timeIntervalSince1970: 15_552_000)) == false)
  }

  @Test func liveValueIsTheUsersTimeZone() {
    withDependencies { $0.context = .live } operation: {
      #expect(DependencyValues.current.timeZone == TimeZone.autoupdatingCurrent)
    }
  }
}
