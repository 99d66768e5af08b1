import Foundation

/// Foundation reference types dumped as the Swift value they bridge to, so they read (and sort,
/// and diff) like that value instead of showing private storage and pointers:
///
/// | type | dumped as |
/// | --- | --- |
/// | `NSSet` | `Set([…])`, sorted like a `Set` |
/// | `NSCountedSet` | `NSCountedSet([element: count, …])`, sorted by element |
/// | `NSDictionary` | `[key: value, …]`, sorted like a `Dictionary` |
/// | `NSData`, `NSDate`, `NSURL`, `NSUUID` | `Data(…)`, `Date(…)`, `URL(…)`, `UUID(…)` |
/// | `NSCalendar`, `NSLocale`, `NSTimeZone` | `Calendar(…)`, `Locale(…)`, `TimeZone(…)` |
/// | `NSIndexPath`, `NSIndexSet` | `IndexPath`'s indices, `IndexSet(…)` |
/// | `NSMeasurement`, `NSNotification` | `Measurement(…)`, `Notification(…)` |
/// | `NSURLComponents`, `NSURLQueryItem` | `URLComponents(…)`, `URLQueryItem(…)` |
/// | `NSAttributedString` | its string |
///
/// A subclass (`NSMutableSet`, `NSMutableAttributedString`) dumps like its base class.
enum FoundationBridge {
  case countedSet
  case set
  case dictionary
  case data
  case date
  case url
  case uuid
  case calendar
  case locale
  case timeZone
  case indexPath
  case indexSet
  case measurement
  case notification
  case urlComponents
  case urlQueryItem
  case attributedString

  init?(for type: Any.Type) {
    guard type is NSObject.Type else { return nil }
    switch type {
    // `NSCountedSet` before its superclass `NSSet`.
    case is NSCountedSet.Type: self = .countedSet
    case is NSSet.Type: self = .set
    case is NSDictionary.Type: self = .dictionary
    case is NSData.Type: self = .data
    case is NSDate.Type: self = .date
    case is NSURL.Type: self = .url
    case is NSUUID.Type: self = .uuid
    case is NSCalendar.Type: self = .calendar
    case is NSLocale.Type: self = .locale
    case is NSTimeZone.Type: self = .timeZone
    case is NSIndexPath.Type: self = .indexPath
    case is NSIndexSet.Type: self = .indexSet
    case is NSMeasurement.Type: self = .measurement
    case is NSNotification.Type: self = .notification
    case is NSURLComponents.Type: self = .urlComponents
    case is NSURLQueryItem.Type: self = .urlQueryItem
    case is NSAttributedString.Type: self = .attributedString
    default: return nil
    }
  }

  /// The value dumped in place of `object`.
  func swiftValue(of object: Any) -> Any {
    switch self {
    case .countedSet: CountedSetEntries(object as! NSCountedSet)
    case .set: SetEntries(object as! NSSet)
    case .dictionary: DictionaryEntries(object as! NSDictionary)
    case .data: (object as! NSData) as Data
    case .date: (object as! NSDate) as Date
    case .url: (object as! NSURL) as URL
    case .uuid: (object as! NSUUID) as UUID
    case .calendar: (object as! NSCalendar) as Calendar
    case .locale: (object as! NSLocale) as Locale
    case .timeZone: Self.timeZone(object as! NSTimeZone)
    case .indexPath: (object as! NSIndexPath) as IndexPath
    case .indexSet: (object as! NSIndexSet) as IndexSet
    case .measurement: (object as! NSMeasurement) as Measurement<Unit>
    case .notification: (object as! NSNotification) as Notification
    case .urlComponents: (object as! NSURLComponents) as URLComponents
    case .urlQueryItem: (object as! NSURLQueryItem) as URLQueryItem
    case .attributedString: (object as! NSAttributedString).string
    }
  }

  private static func timeZone(_ timeZone: NSTimeZone) -> Any {
    #if canImport(Darwin)
      return timeZone as TimeZone
    #else
      // corelibs Foundation has no `as` bridge from NSTimeZone.
      return TimeZone(identifier: timeZone.name) ?? TimeZone(secondsFromGMT: timeZone.secondsFromGMT) as Any
    #endif
  }
}

/// An `NSSet`'s elements, dumped and sorted like a `Set`'s.
struct SetEntries: UnorderedDumpable {
  let elements: NSSet
  init(_ elements: NSSet) { self.elements = elements }

  static var dumpDelimiters: UnorderedDelimiters { .set }
  var dumpIsEmpty: Bool { elements.count == 0 }
  var dumpEntries: [(key: Any, value: Any)] { elements.allObjects.map { ($0, ()) } }
  func dumpValue(forKey key: Any) -> Any? { nil }
}

/// An `NSCountedSet`'s elements with their counts: `NSCountedSet([element: count, …])`.
struct CountedSetEntries: UnorderedDumpable {
  let elements: NSCountedSet
  init(_ elements: NSCountedSet) { self.elements = elements }

  static var dumpDelimiters: UnorderedDelimiters { .countedSet }
  var dumpIsEmpty: Bool { elements.count == 0 }
  var dumpEntries: [(key: Any, value: Any)] { elements.allObjects.map { ($0, elements.count(for: $0)) } }
  func dumpValue(forKey key: Any) -> Any? {
    let count = elements.count(for: key)
    return count == 0 ? nil : count
  }
}

/// An `NSDictionary`'s entries, dumped and sorted like a `Dictionary`'s.
struct DictionaryEntries: UnorderedDumpable {
  let dictionary: NSDictionary
  init(_ dictionary: NSDictionary) { self.dictionary = dictionary }

  static var dumpDelimiters: UnorderedDelimiters { .dictionary }
  var dumpIsEmpty: Bool { dictionary.count == 0 }
  var dumpEntries: [(key: Any, value: Any)] {
    var entries: [(key: Any, value: Any)] = []
    entries.reserveCapacity(dictionary.count)
    dictionary.enumerateKeysAndObjects { key, value, _ in entries.append((key, value)) }
    return entries
  }
  func dumpValue(forKey key: Any) -> Any? { dictionary.object(forKey: key) }
}
