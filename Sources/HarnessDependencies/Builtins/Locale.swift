import Foundation

extension DependencyValues {
  /// The locale to format and parse with.
  ///
  /// - live value: the user's locale (`Locale.autoupdatingCurrent`)
  /// - test value: `en_US_POSIX`, the same on every machine
  /// - preview value: the live value
  public var locale: Locale {
    get { self[LocaleKey.self] }
    set { self[LocaleKey.self] = newValue }
  }
}

private enum LocaleKey: DependencyKey {
  static let liveValue = Locale.autoupdatingCurrent
  static let testValue = Locale(identifier: "en_US_POSIX")
}

extension DependencyValues {
  /// The user's preferred locales, most preferred first.
  ///
  /// - live value: `Locale.preferredLanguages`, as locales, read at each use
  /// - test value: `[en_US_POSIX]`, the same on every machine
  /// - preview value: the live value
  ///
  /// ```swift
  /// @Test(.dependency(\.preferredLocales, [Locale(identifier: "fr_FR")]))
  /// func greetsInFrench() {
  ///   @Dependency(\.preferredLocales) var preferredLocales
  ///   #expect(preferredLocales.first?.identifier == "fr_FR")
  /// }
  /// ```
  public var preferredLocales: [Locale] {
    get { self[PreferredLocalesKey.self].locales }
    set { self[PreferredLocalesKey.self] = PreferredLocales(fixed: newValue) }
  }
}

/// Fixed locales, or the system's as they are when read (a user can change them while the app
/// runs).
private struct PreferredLocales: Sendable {
  var fixed: [Locale]?

  var locales: [Locale] {
    fixed ?? Locale.preferredLanguages.map { Locale(identifier: $0) }
  }
}

private enum PreferredLocalesKey: DependencyKey {
  static let liveValue = PreferredLocales(fixed: nil)
  static let testValue = PreferredLocales(fixed: [Locale(identifier: "en_US_POSIX")])
}
