import Foundation
import HarnessDependencies
import Testing

struct LocaleTests {
  @Test func testValueIsPOSIX() {
    @Dependency(\.locale) var locale
    #expect(locale.identifier == "en_US_POSIX")
  }

  @Test func liveValueIsTheUsersLocale() {
    withDependencies { $0.context = .live } operation: {
      #expect(DependencyValues.current.locale == Locale.autoupdatingCurrent)
    }
  }
}
