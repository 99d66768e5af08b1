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
