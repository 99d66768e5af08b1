import Foundation

extension DependencyValues {
  /// The calendar to do date arithmetic and formatting with.
  ///
  /// - live value: the user's calendar (`Calendar.autoupdatingCurrent`)
  /// - test value: a Gregorian calendar in UTC with the `en_US_POSIX` locale, so that tests give
  ///   the same results on every machine
  /// - preview value: the live value
  public var calendar: Calendar {
    get { self[CalendarKey.self] }
    set { self[CalendarKey.self] = newValue }
  }
}

private enum CalendarKey: DependencyKey {
  static let liveValue = Calendar.autoupdatingCurrent
  static let testValue: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 0)!
    calendar.locale = Locale(identifier: "en_US_POSIX")
    return calendar
  }()
}
