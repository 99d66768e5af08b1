import Foundation

/// Readable dumps for Foundation and standard-library types whose stored properties are noise:
///
/// | type | dump |
/// | --- | --- |
/// | `Date` | `Date(2024-05-01T12:30:00Z)`, `Date(2024-05-01T12:30:00.250Z)` (ISO 8601, UTC) |
/// | `UUID` | `UUID(00000000-0000-0000-0000-000000000001)` |
/// | `URL` | `URL(https://example.com/a?b=c)` |
/// | `Duration` | `Duration.seconds(6)`, `Duration.milliseconds(1500)` (the largest exact unit) |
/// | `Data` | `Data(3 bytes: 0A1B2C)`; over 64 bytes only the count |
/// | `Locale`, `TimeZone` | `Locale(en_US)`, `TimeZone(Europe/Paris)` |
/// | key paths | `\User.name` |
/// | `ObjectIdentifier` | `ObjectIdentifier(#1)`, numbered by first appearance (never an address) |
/// | `NSError` | its domain, code and user info, like a struct |
/// | `Calendar` | its identifier, locale, time zone and week rules, like a struct |
package enum BuiltinFormat {
  case date
  case uuid
  case url
  case duration
  case data
  case locale
  case timeZone
  case keyPath
  case objectIdentifier
  case nsError
  case calendar

  init?(for type: Any.Type) {
    switch type {
    case is Date.Type: self = .date
    case is UUID.Type: self = .uuid
    case is URL.Type: self = .url
    case is Duration.Type: self = .duration
    case is Data.Type: self = .data
    case is Locale.Type: self = .locale
    case is TimeZone.Type: self = .timeZone
    case is AnyKeyPath.Type: self = .keyPath
    case is ObjectIdentifier.Type: self = .objectIdentifier
    case is NSError.Type: self = .nsError
    case is Calendar.Type: self = .calendar
    default: return nil
    }
  }

  /// The one-line text for `value`; nil for formats written as fields (see `fieldsMirror`).
  func text(of value: Any, objects: inout ObjectRegistry) -> String? {
    switch self {
    case .date: "Date(\(Self.iso8601(value as! Date)))"
    case .uuid: "UUID(\((value as! UUID).uuidString))"
    case .url: "URL(\((value as! URL).absoluteString))"
    case .duration: Self.duration(value as! Duration)
    case .data: Self.data(value as! Data)
    case .locale: "Locale(\((value as! Locale).identifier))"
    case .timeZone: "TimeZone(\((value as! TimeZone).identifier))"
    case .keyPath: Self.keyPath(value as! AnyKeyPath)
    case .objectIdentifier:
      "ObjectIdentifier(#\(objects.number(forIdentifier: value as! ObjectIdentifier)))"
    case .nsError, .calendar: nil
    }
  }

  /// For formats written as fields, like a struct: the mirror of `value` (a diff compares it
  /// with the counterpart's, field by field).
  func fieldsMirror(of value: Any) -> Mirror? {
    switch self {
    case .nsError: Self.nsErrorMirror(value as! NSError)
    case .calendar: Self.calendarMirror(value as! Calendar)
    default: nil
    }
  }

  // MARK: Date

  /// ISO 8601 in UTC, computed by hand: no formatter, no locale, no time zone database.
  package static func iso8601(_ date: Date) -> String {
    let sinceReference = date.timeIntervalSinceReferenceDate
    guard sinceReference.isFinite, abs(sinceReference) < 9e12 else { return "\(sinceReference)" }
    // Whole microseconds since 1970, counted from the stored reference-date interval so the
    // 1970 offset adds no rounding error.
    let micros = Int64((sinceReference * 1_000_000).rounded()) + 978_307_200 * 1_000_000
    let seconds = floorDivide(micros, 1_000_000)
    let fraction = micros - seconds * 1_000_000
    let days = floorDivide(seconds, 86_400)
    let secondOfDay = seconds - days * 86_400
    let (year, month, day) = civilDate(daysSince1970: days)

    var text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    text += "T\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))"
    if fraction != 0 {
      text += fraction % 1000 == 0 ? ".\(pad(fraction / 1000, 3))" : ".\(pad(fraction, 6))"
    }
    return text + "Z"
  }

  /// Proleptic Gregorian date of a day count (Howard Hinnant's `civil_from_days`).
  private static func civilDate(daysSince1970 days: Int64) -> (Int64, Int64, Int64) {
    let shifted = days + 719_468
    let era = floorDivide(shifted, 146_097)
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, month, day)
  }

  private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
    let quotient = value / divisor
    return value % divisor < 0 ? quotient - 1 : quotient
  }

  private static func pad(_ value: Int64, _ width: Int) -> String {
    let digits = String(value.magnitude)
    let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
    return value < 0 ? "-" + padded : padded
  }

  // MARK: Duration

  /// `Duration.seconds(6)`, `Duration.milliseconds(1500)`: the largest unit that is exact.
  package static func duration(_ duration: Duration) -> String {
    let (seconds, fraction) = duration.components
    let attoseconds = Int128(seconds) * 1_000_000_000_000_000_000 + Int128(fraction)
    let units: [(name: String, attoseconds: Int128)] = [
      ("seconds", 1_000_000_000_000_000_000),
      ("milliseconds", 1_000_000_000_000_000),
      ("microseconds", 1_000_000_000_000),
      ("nanoseconds", 1_000_000_000),
    ]
    for unit in units where attoseconds % unit.attoseconds == 0 {
      return "Duration.\(unit.name)(\(attoseconds / unit.attoseconds))"
    }
    return "Duration(attoseconds: \(attoseconds))"
  }

  // MARK: Data

  private static func data(_ data: Data) -> String {
    let count = data.count == 1 ? "1 byte" : "\(data.count) bytes"
    guard !data.isEmpty, data.count <= 64 else { return "Data(\(count))" }
    let digits = Array("0123456789ABCDEF".utf8)
    var hex: [UInt8] = []
    hex.reserveCapacity(data.count * 2)
    for byte in data {
      hex.append(digits[Int(byte >> 4)])
      hex.append(digits[Int(byte & 0xF)])
    }
    return "Data(\(count): \(String(decoding: hex, as: UTF8.self)))"
  }

  // MARK: Key paths

  /// `\User.name`. Components the runtime cannot name print as `<computed 0x… (Type)>`; the
  /// address goes, so dumps stay the same from run to run.
  private static func keyPath(_ keyPath: AnyKeyPath) -> String {
    var text = Substring(keyPath.debugDescription)
    var result = ""
    while let range = text.range(of: "<computed 0x") {
      result += text[..<range.lowerBound]
      result += "<computed"
      var rest = text[range.upperBound...]
      rest = rest.drop(while: \.isHexDigit)
      text = rest
    }
    return result + text
  }

  // MARK: NSError

  private static func nsErrorMirror(_ error: NSError) -> Mirror {
    Mirror(
      error,
      children: [
        "domain": error.domain,
        "code": error.code,
        "userInfo": error.userInfo,
      ],
      displayStyle: .struct
    )
  }

  // MARK: Calendar

  /// What a calendar computes with; its private implementation object stays out.
  private static func calendarMirror(_ calendar: Calendar) -> Mirror {
    Mirror(
      calendar,
      children: [
        "identifier": calendar.identifier,
        "locale": calendar.locale as Any,
        "timeZone": calendar.timeZone,
        "firstWeekday": calendar.firstWeekday,
        "minimumDaysInFirstWeek": calendar.minimumDaysInFirstWeek,
      ],
      displayStyle: .struct
    )
  }
}
