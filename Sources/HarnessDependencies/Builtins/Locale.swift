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
