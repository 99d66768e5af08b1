import Foundation

extension DependencyValues {
  /// The time zone to show and compute local times in.
  ///
  /// - live value: the user's time zone (`TimeZone.autoupdatingCurrent`)
  /// - test value: UTC (`TimeZone(secondsFromGMT: 0)`, named "GMT"), the same on every machine
  /// - preview value: the live value
  public var timeZone: TimeZone {
    get { self[TimeZoneKey.self] }
    set { self[TimeZoneKey.self] = newValue }
  }
}

private enum TimeZoneKey: DependencyKey {
  static let liveValue = TimeZone.autoupdatingCurrent
  static let testValue = TimeZone(secondsFromGMT: 0)!
}
