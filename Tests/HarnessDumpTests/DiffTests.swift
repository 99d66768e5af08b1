import Foundation
import HarnessDump
import Testing

private struct User: Equatable {
  var id: Int
  var name: String
  var tags: [String] = []
}

private struct Profile: Equatable {
  var user: User
  var bio: String
  var scores: [Int]
}

private enum Action: Equatable {
  case tapped
  case loaded(User)
  case failed(code: Int)
}

private struct Pair: Equatable {
  var a: Int
  var b: Int
}

@Suite("diff")
struct DiffTests {
  @Test func equalValuesHaveNoDiff() {
    #expect(diff(User(id: 1, name: "a"), User(id: 1, name: "a")) == nil)
    #expect(diff([1, 2, 3], [1, 2, 3]) == nil)
  }

  @Test func changedField() {
    #expect(
      diff(User(id: 42, name: "Blob"), User(id: 42, name: "Blob, Esq.")) == """
          User(
            id: 42,
        −   name: "Blob",
        +   name: "Blob, Esq.",
            tags: []
          )
        """
    )
  }

  @Test func scalars() {
    #expect(diff(1, 2) == "− 1\n+ 2")
    #expect(diff(Int?.none, 5) == "− nil\n+ 5")
    #expect(diff("a", "b") == "− \"a\"\n+ \"b\"")
  }

  @Test func unchangedNestedValuesAreFolded() {
    let expected = Profile(user: User(id: 1, name: "a", tags: ["x"]), bio: "hi", scores: [1, 2])
    var actual = expected
    actual.bio = "hello"
    #expect(
      diff(expected, actual) == """
          Profile(
            user: User(…),
        −   bio: "hi",
        +   bio: "hello",
            scores: […]
          )
        """
    )
  }

  @Test func changeDeepInsideShowsItsPath() {
    let expected = Profile(user: User(id: 1, name: "a", tags: ["x", "y"]), bio: "hi", scores: [])
    var actual = expected
    actual.user.tags[1] = "z"
    #expect(
      diff(expected, actual) == """
          Profile(
            user: User(
              id: 1,
              name: "a",
              tags: [
                [0]: "x",
        −       [1]: "y"
        +       [1]: "z"
              ]
            ),
            bio: "hi",
            scores: []
          )
        """
    )
  }

  @Test func enumPayloads() {
    #expect(
      diff(Action.loaded(User(id: 1, name: "a")), Action.loaded(User(id: 1, name: "b"))) == """
          Action.loaded(
            User(
              id: 1,
        −     name: "a",
        +     name: "b",
              tags: []
            )
          )
        """
    )
    #expect(diff(Action.tapped, Action.failed(code: 3)) == "− Action.tapped\n+ Action.failed(code: 3)")
  }

  @Test func longCollectionsCollapseAroundTheChange() throws {
    let expected = (0..<10_000).map { User(id: $0, name: "User \($0)") }
    var actual = expected
    actual[5_000].name = "Changed"
    let difference = try #require(diff(expected, actual))
    #expect(
      difference == """
          [
            … (4998 unchanged)
            [4998]: User(…),
            [4999]: User(…),
            [5000]: User(
              id: 5000,
        −     name: "User 5000",
        +     name: "Changed",
              tags: []
            ),
            [5001]: User(…),
            [5002]: User(…),
            … (4997 unchanged)
          ]
        """
    )
  }

  @Test func changesAtTheEdgesOfACollection() {
    let expected = Array(0..<100)
    var actual = expected
    actual[0] = -1
    actual[99] = -99
    #expect(
      diff(expected, actual) == """
          [
        −   [0]: 0,
        +   [0]: -1,
            [1]: 1,
            [2]: 2,
            … (94 unchanged)
            [97]: 97,
            [98]: 98,
        −   [99]: 99
        +   [99]: -99
          ]
        """
    )
  }

  @Test func aSingleUnchangedElementIsShownNotCounted() {
    let expected = [1, 2, 3, 4, 5, 6, 7]
    var actual = expected
    actual[0] = 0
    actual[6] = 0
    #expect(
      diff(expected, actual) == """
          [
        −   [0]: 1,
        +   [0]: 0,
            [1]: 2,
            [2]: 3,
            [3]: 4,
            [4]: 5,
            [5]: 6,
        −   [6]: 7
        +   [6]: 0
          ]
        """
    )
  }

  @Test func insertionDoesNotRenumberEverything() {
    let expected = (0..<6).map { User(id: $0, name: "u\($0)") }
    var actual = expected
    actual.insert(User(id: 99, name: "new"), at: 3)
    #expect(
      diff(expected, actual) == """
          [
            [0]: User(…),
            [1]: User(…),
            [2]: User(…),
        +   [3]: User(
        +     id: 99,
        +     name: "new",
        +     tags: []
        +   ),
            [4]: User(…),
            [5]: User(…),
            [6]: User(…)
          ]
        """
    )
  }

  @Test func removal() {
    let expected = (0..<6).map { User(id: $0, name: "u\($0)") }
    var actual = expected
    actual.remove(at: 0)
    #expect(
      diff(expected, actual) == """
          [
        −   [0]: User(
        −     id: 0,
        −     name: "u0",
        −     tags: []
        −   ),
            [0]: User(…),
            [1]: User(…),
            … (3 unchanged)
          ]
        """
    )
  }

  @Test func appendingDoesNotChangeThePreviousLastLine() {
    #expect(
      diff([1, 2, 3], [1, 2, 3, 4]) == """
          [
            [0]: 1,
            [1]: 2,
            [2]: 3,
        +   [3]: 4
          ]
        """
    )
  }

  @Test func dictionaries() {
    #expect(
      diff(["a": 1, "b": 2], ["a": 1, "b": 3, "c": 4]) == """
          [
            "a": 1,
        −   "b": 2
        +   "b": 3,
        +   "c": 4
          ]
        """
    )
  }

  @Test func addedEntryAfterAChangedOneKeepsItsOwnClosingLine() {
    let expected = [1: User(id: 1, name: "Blob"), 2: User(id: 2, name: "Blob, Jr.")]
    var actual = expected
    actual[2]?.name = "Blob, Sr."
    actual[3] = User(id: 3, name: "Dr. Blob")
    #expect(
      diff(expected, actual) == """
          [
            1: User(…),
            2: User(
              id: 2,
        −     name: "Blob, Jr.",
        +     name: "Blob, Sr.",
              tags: []
            ),
        +   3: User(
        +     id: 3,
        +     name: "Dr. Blob",
        +     tags: []
        +   )
          ]
        """
    )
  }

  @Test func removedEntryAfterAChangedOneKeepsItsOwnClosingLine() {
    let expected = [1: Pair(a: 1, b: 1), 2: Pair(a: 2, b: 2), 3: Pair(a: 3, b: 3)]
    let actual = [1: Pair(a: 1, b: 1), 2: Pair(a: 2, b: 20)]
    #expect(
      diff(expected, actual) == """
          [
            1: Pair(…),
            2: Pair(
              a: 2,
        −     b: 2
        +     b: 20
            )
        −   3: Pair(
        −     a: 3,
        −     b: 3
        −   )
          ]
        """
    )
  }

  @Test func dictionaryValuesCompareByKey() {
    let expected = ["x": User(id: 1, name: "a"), "y": User(id: 2, name: "b")]
    var actual = expected
    actual["y"]?.name = "B"
    #expect(
      diff(expected, actual) == """
          [
            "x": User(…),
            "y": User(
              id: 2,
        −     name: "b",
        +     name: "B",
              tags: []
            )
          ]
        """
    )
  }

  @Test func sets() {
    #expect(
      diff(Set([1, 2, 3]), Set([1, 3, 4])) == """
          Set([
            1,
        −   2,
            3,
        +   4
          ])
        """
    )
  }

  @Test func multilineStrings() {
    #expect(
      diff("one\ntwo\nthree", "one\n2\nthree") == #"""
          """
          one
        − two
        + 2
          three
          """
        """#
    )
  }

  @Test func typeChangeBehindAny() {
    let expected: Any = 1
    let actual: Any = "1"
    #expect(diff(expected, actual) == "− 1\n+ \"1\"")
  }

  @Test func classesAreComparedByContents() {
    final class Box: Equatable {
      var value: Int
      init(_ value: Int) { self.value = value }
      static func == (lhs: Box, rhs: Box) -> Bool { lhs.value == rhs.value }
    }
    let shared = Box(1)
    #expect(
      diff([shared, Box(2)], [shared, Box(3)]) == """
          [
            [0]: Box#1(value: 1),
        −   [1]: Box#2(value: 2)
        +   [1]: Box#3(value: 3)
          ]
        """
    )
    // Equal (==) but distinct instances: the numbers tell them apart.
    #expect(
      diff([Box(1), Box(2)], [Box(1), Box(3)]) == """
          [
        −   [0]: Box#1(value: 1),
        −   [1]: Box#2(value: 2)
        +   [0]: Box#3(value: 1),
        +   [1]: Box#4(value: 3)
          ]
        """
    )
  }

  @Test func distinctInstancesNeverShowAsTheSameObject() {
    final class UserClass {
      let id: Int
      let name: String
      init(id: Int, name: String) {
        self.id = id
        self.name = name
      }
    }
    #expect(
      diff(UserClass(id: 42, name: "Blob"), UserClass(id: 42, name: "Blob, Jr.")) == """
        − UserClass#1(
        + UserClass#2(
            id: 42,
        −   name: "Blob"
        +   name: "Blob, Jr."
          )
        """
    )
    #expect(diff(NSObject(), NSObject()) == "− NSObject#1()\n+ NSObject#2()")
    let object = NSObject()
    #expect(diff(object, object) == nil)
    // An instance on both sides keeps its number, and is written in full on each side.
    let blob = UserClass(id: 1, name: "Blob")
    #expect(
      diff([blob, blob], [UserClass(id: 2, name: "Blob Jr."), blob]) == """
          [
        +   [0]: UserClass#2(
        +     id: 2,
        +     name: "Blob Jr."
        +   ),
            [1]: UserClass#1(…)
        −   [1]: UserClass#1(↩︎)
          ]
        """
    )
  }

  @Test func valuesOfDifferentTypesAlwaysDiffer() {
    #expect(diff(29.99 as Float as Any, 29.99 as Double as Any) == "− 29.99 as Float\n+ 29.99 as Double")
    #expect(
      diff(["value": 29.99 as Float] as [String: Any], ["value": 29.99 as Double]) == """
          [
        −   "value": 29.99 as Float
        +   "value": 29.99 as Double
          ]
        """
    )
    #expect(diff(1 as Any, Int8(1) as Any) == "− 1 as Int\n+ 1 as Int8")
    #expect(diff(1 as AnyHashable, 1 as AnyHashable) == nil)
  }

  @Test func aHundredThousandLinesStayAHandful() throws {
    let expected = (0..<10_000).map { User(id: $0, name: "User \($0)", tags: ["a", "b"]) }
    var actual = expected
    actual[1234].tags.append("c")
    actual.insert(User(id: -1, name: "inserted"), at: 8000)
    let difference = try #require(diff(expected, actual))
    #expect(difference.split(separator: "\n").count < 40)
    #expect(difference.contains(#"+       [2]: "c""#))
    #expect(difference.contains(#"+     name: "inserted","#))
  }

  @Test func removingFromIdenticalElementsRemovesTheLast() {
    #expect(
      diff([1, 1, 1], [1, 1]) == """
          [
            [0]: 1,
            [1]: 1
        −   [2]: 1
          ]
        """
    )
  }

  @Test func longRunsOfIdenticalLinesStayFast() throws {
    // Every added line could sit at thousands of places: choosing one must not be quadratic.
    let difference = try #require(diff(Array(repeating: 0, count: 20_000), Array(repeating: 0, count: 30_000)))
    let lines = difference.split(separator: "\n")
    #expect(lines.filter { $0.hasPrefix("+") }.count == 10_000)
    #expect(lines.last == "  ]")
  }
}
