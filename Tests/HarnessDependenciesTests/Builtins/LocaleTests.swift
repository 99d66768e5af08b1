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

struct PreferredLocalesTests {
  @Test func testValueIsPOSIX() {
    @Dependency(\.preferredLocales) var preferredLocales
    #expect(preferredLocales == [Locale(identifier: "en_US_POSIX")])
  }

  @Test(.dependency(\.preferredLocales, [Locale(identifier: "fr_FR")]))
  func overriddenWithATrait() {
    #expect(DependencyValues.current.preferredLocales.map(\.identifier) == ["fr_FR"])
  }

  @Test func liveValueIsTheSystemsPreferredLanguages() {
    withDependencies { $0.context = .live } operation: {
      let expected = Locale.preferredLanguages.map(\.self)
      #expect(DependencyValues.current.preferredLocales.map(\.identifier) == expected)
    }
  }
}
