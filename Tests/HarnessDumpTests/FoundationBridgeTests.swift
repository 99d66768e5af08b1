import Foundation
import HarnessDump
import Testing

// Foundation reference types dump as the Swift values they bridge to: sorted, no pointers.

@Suite("customDump of Foundation collections")
struct FoundationCollectionTests {
  @Test func nsSetIsSortedLikeASet() {
    #expect(
      String(customDumping: NSSet(array: [3, "b", 1, "a", 2])) == """
        Set([
          1,
          2,
          3,
          "a",
          "b"
        ])
        """
    )
    #expect(String(customDumping: NSSet()) == "Set([])")
    #expect(String(customDumping: NSMutableSet(array: [2, 1])) == "Set([\n  1,\n  2\n])")
  }

  @Test func nsCountedSetShowsCounts() {
    #expect(
      String(customDumping: NSCountedSet(array: [3, 1, 2, 2, 3, 3])) == """
        NSCountedSet([
          1: 1,
          2: 2,
          3: 3
        ])
        """
    )
    #expect(String(customDumping: NSCountedSet()) == "NSCountedSet([:])")
  }

  @Test func nsDictionaryIsSortedLikeADictionary() {
    #expect(
      String(customDumping: [3: "3", 1: "1", 10: "10", 2: "2"] as NSDictionary) == """
        [
          1: "1",
          2: "2",
          3: "3",
          10: "10"
        ]
        """
    )
    #expect(String(customDumping: NSDictionary()) == "[:]")
  }

  @Test func nestedInAStruct() {
    struct Box {
      var tags: NSSet
    }
    #expect(String(customDumping: Box(tags: NSSet(array: ["b", "a"]))) == """
      Box(
        tags: Set([
          "a",
          "b"
        ])
      )
      """)
  }

  @Test func twoHundredDumpsAreIdentical() {
    let elements: [Any] = (0..<40).map { $0.isMultiple(of: 3) ? "s\($0)" as Any : $0 as Any }
    func makeSet() -> NSSet { NSSet(array: elements.shuffled()) }
    func makeCounted() -> NSCountedSet {
      let set = NSCountedSet()
      for element in (elements + elements.prefix(10)).shuffled() { set.add(element) }
      return set
    }
    func makeDictionary() -> NSDictionary {
      let dictionary = NSMutableDictionary()
      for (index, element) in elements.enumerated().shuffled() { dictionary["k\(index)"] = element }
      return dictionary
    }
    let firstSet = String(customDumping: makeSet())
    let firstCounted = String(customDumping: makeCounted())
    let firstDictionary = String(customDumping: makeDictionary())
    var sets: Set<String> = [], counted: Set<String> = [], dictionaries: Set<String> = []
    for _ in 0..<200 {
      sets.insert(String(customDumping: makeSet()))
      counted.insert(String(customDumping: makeCounted()))
      dictionaries.insert(String(customDumping: makeDictionary()))
    }
    #expect(sets == [firstSet])
    #expect(counted == [firstCounted])
    #expect(dictionaries == [firstDictionary])
    #expect(firstSet.hasPrefix("Set([\n  1,\n  2,\n  4,"))
    #expect(firstCounted.contains("\n  1: 2,\n"))
    #expect(firstCounted.contains("\n  11: 1,\n"))
    #expect(firstDictionary.hasPrefix("[\n  \"k0\": \"s0\",\n  \"k1\": 1,\n  \"k10\": 10,"))
  }

  @Test func diffOfCountedSetsComparesCounts() {
    #expect(
      diff(NSCountedSet(array: [1, 2, 2]), NSCountedSet(array: [2, 1, 2, 2])) == """
          NSCountedSet([
            1: 1,
        −   2: 2
        +   2: 3
          ])
        """
    )
    #expect(diff(NSSet(array: [2, 1]), NSSet(array: [1, 2])) == nil)
  }

  @Test func diffOfNSDictionariesComparesByKey() {
    let expected = ["a": 1, "b": 2] as NSDictionary
    let actual = ["b": 3, "a": 1] as NSDictionary
    #expect(
      diff(expected, actual) == """
          [
            "a": 1,
        −   "b": 2
        +   "b": 3
          ]
        """
    )
  }
}

@Suite("customDump of Foundation values")
struct FoundationValueTests {
  @Test func referenceTypesDumpAsTheirValues() {
    #expect(String(customDumping: NSData(data: Data(repeating: 0, count: 4))) == "Data(4 bytes: 00000000)")
    #expect(String(customDumping: NSURL(fileURLWithPath: "/tmp")) == "URL(file:///tmp/)")
    #expect(
      String(customDumping: NSUUID(uuidString: "deadbeef-dead-beef-dead-beefdeadbeef")!)
        == "UUID(DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF)"
    )
    #expect(String(customDumping: NSDate(timeIntervalSince1970: 0)) == "Date(1970-01-01T00:00:00Z)")
    #expect(String(customDumping: NSLocale(localeIdentifier: "en_US")) == "Locale(en_US)")
    #expect(String(customDumping: NSTimeZone(forSecondsFromGMT: 0)) == "TimeZone(GMT)")
    #expect(String(customDumping: NSIndexPath()) == "[]")
  }

  @Test func noPointersOrPrivateStorage() {
    let values: [Any] = [
      NSData(data: Data([1, 2])), NSURL(string: "https://example.com")!, NSUUID(),
      NSCalendar(calendarIdentifier: .gregorian)!, NSAttributedString(string: "a"),
      NSURLComponents(string: "https://example.com")!, Calendar(identifier: .iso8601),
    ]
    for value in values {
      let text = String(customDumping: value)
      #expect(!text.contains("pointerValue"), "\(text)")
      #expect(!text.contains("_CF"), "\(text)")
      #expect(!text.contains("#1("), "\(text)")
    }
  }

  @Test func calendars() {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "Europe/Paris")!
    calendar.locale = Locale(identifier: "fr_FR")
    calendar.firstWeekday = 2
    calendar.minimumDaysInFirstWeek = 4
    let expected = """
      Calendar(
        identifier: .gregorian,
        locale: Locale(fr_FR),
        timeZone: TimeZone(Europe/Paris),
        firstWeekday: 2,
        minimumDaysInFirstWeek: 4
      )
      """
    #expect(String(customDumping: calendar) == expected)
    #expect(String(customDumping: calendar as NSCalendar) == expected)
  }

  @Test func indexPathsAndIndexSets() {
    #expect(String(customDumping: IndexPath(indexes: [1, 2])) == "[\n  [0]: 1,\n  [1]: 2\n]")
    #expect(String(customDumping: NSIndexPath(indexes: [4], length: 1)) == "[\n  [0]: 4\n]")
    let expected = """
      IndexSet(
        ranges: [
          [0]: 1..<4,
          [1]: 5..<6,
          [2]: 7..<8
        ]
      )
      """
    #expect(String(customDumping: IndexSet([1, 2, 3, 5, 7])) == expected)
    #expect(String(customDumping: NSIndexSet(indexSet: [1, 2, 3, 5, 7])) == expected)
  }

  @Test func measurementsAndNotifications() {
    let measurement = """
      Measurement(
        value: 42.0,
        unit: "kg"
      )
      """
    #expect(String(customDumping: Measurement(value: 42, unit: UnitMass.kilograms)) == measurement)
    #expect(String(customDumping: NSMeasurement(doubleValue: 42, unit: Unit(symbol: "kg"))) == measurement)
    #expect(String(customDumping: Notification(name: .init("co.pointfree"))) == #"Notification(name: "co.pointfree")"#)
    #expect(
      String(customDumping: NSNotification(name: .init("n"), object: "sender", userInfo: ["b": 2, "a": 1])) == """
        Notification(
          name: "n",
          object: "sender",
          userInfo: [
            "a": 1,
            "b": 2
          ]
        )
        """
    )
  }

  @Test func urlComponentsAndQueryItems() {
    let expected = """
      URLComponents(
        scheme: "https",
        host: "www.pointfree.co",
        path: "/login",
        queryItems: [
          [0]: URLQueryItem(
            name: "redirect",
            value: "episodes"
          )
        ]
      )
      """
    let string = "https://www.pointfree.co/login?redirect=episodes"
    #expect(String(customDumping: URLComponents(string: string)!) == expected)
    #expect(String(customDumping: NSURLComponents(string: string)!) == expected)
    #expect(
      String(customDumping: NSURLQueryItem(name: "q", value: "a b")) == """
        URLQueryItem(
          name: "q",
          value: "a b"
        )
        """
    )
  }

  @Test func attributedStringsDumpTheirText() {
    let text = NSMutableAttributedString(string: "Hello, ")
    text.append(NSAttributedString(string: "Blob", attributes: [.init(rawValue: "name"): true]))
    text.append(NSAttributedString(string: "!"))
    #expect(String(customDumping: text) == #""Hello, Blob!""#)
    #expect(String(customDumping: NSAttributedString(string: "a\nb")) == "\"\"\"\na\nb\n\"\"\"")
  }

  @Test func rangesDumpAsRangeExpressions() {
    #expect(String(customDumping: 1..<4) == "1..<4")
    #expect(String(customDumping: 1...3) == "1...3")
    #expect(String(customDumping: "a"..<"c") == #""a"..<"c""#)
    struct Span {
      var range: Range<Int>
    }
    #expect(String(customDumping: Span(range: 0..<2)) == "Span(range: 0..<2)")
  }
}
