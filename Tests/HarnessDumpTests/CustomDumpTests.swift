import Foundation
import HarnessDump
import Testing

// Golden tests: every kind of value, dumped exactly.

private struct User: Equatable {
  var id: Int
  var name: String
}

private struct Team {
  var name: String
  var members: [User]
  var lead: User?
}

private struct UserID {
  var rawValue: Int
}

private struct Empty {}

private enum Status {
  case active
  case suspended(reason: String)
  case renamed(String)
  case moved(from: Int, to: Int)
  case pair(Int, String)
  case member(User)
}

private enum Feature {
  struct State {
    var count = 0
  }
}

private final class Node {
  var value: Int
  var next: Node?
  init(_ value: Int, next: Node? = nil) {
    self.value = value
    self.next = next
  }
}

private class Animal {
  var name = "Rex"
}

private final class Dog: Animal {
  var goodBoy = true
}

private struct Holder {
  var first: Node
  var second: Node
}

@Suite("customDump")
struct CustomDumpTests {
  @Test func structWithFields() {
    #expect(
      String(customDumping: User(id: 42, name: "Blob")) == """
        User(
          id: 42,
          name: "Blob"
        )
        """
    )
  }

  @Test func singleShortFieldStaysOnTheLine() {
    #expect(String(customDumping: UserID(rawValue: 7)) == "UserID(rawValue: 7)")
  }

  @Test func emptyStruct() {
    #expect(String(customDumping: Empty()) == "Empty()")
  }

  @Test func nestedTypeNameWithoutModule() {
    #expect(String(customDumping: Feature.State(count: 2)) == "Feature.State(count: 2)")
  }

  @Test func nestedCollectionsOfStructs() {
    let team = Team(
      name: "Core",
      members: [User(id: 1, name: "Ann"), User(id: 2, name: "Bo")],
      lead: User(id: 1, name: "Ann")
    )
    #expect(
      String(customDumping: team) == """
        Team(
          name: "Core",
          members: [
            [0]: User(
              id: 1,
              name: "Ann"
            ),
            [1]: User(
              id: 2,
              name: "Bo"
            )
          ],
          lead: User(
            id: 1,
            name: "Ann"
          )
        )
        """
    )
  }

  @Test func enumsWithAndWithoutPayloads() {
    #expect(String(customDumping: Status.active) == "Status.active")
    #expect(String(customDumping: Status.suspended(reason: "spam")) == #"Status.suspended(reason: "spam")"#)
    #expect(String(customDumping: Status.renamed("Bo")) == #"Status.renamed("Bo")"#)
    #expect(
      String(customDumping: Status.moved(from: 1, to: 2)) == """
        Status.moved(
          from: 1,
          to: 2
        )
        """
    )
    #expect(
      String(customDumping: Status.pair(1, "a")) == """
        Status.pair(
          1,
          "a"
        )
        """
    )
    #expect(
      String(customDumping: Status.member(User(id: 1, name: "Ann"))) == """
        Status.member(
          User(
            id: 1,
            name: "Ann"
          )
        )
        """
    )
  }

  @Test func nestedEnumsOmitTheirType() {
    #expect(
      String(customDumping: [Status.active, .renamed("x")]) == """
        [
          [0]: .active,
          [1]: .renamed("x")
        ]
        """
    )
  }

  @Test func enumWithCustomDescriptionStillShowsItsCase() {
    #expect(String(customDumping: DescribedEnum.second) == "DescribedEnum.second")
  }

  @Test func tuples() {
    #expect(
      String(customDumping: (1, "a")) == """
        (
          1,
          "a"
        )
        """
    )
    #expect(
      String(customDumping: (x: 1, y: UserID(rawValue: 2))) == """
        (
          x: 1,
          y: UserID(rawValue: 2)
        )
        """
    )
    #expect(String(customDumping: ()) == "()")
  }

  @Test func optionals() {
    #expect(String(customDumping: Int?.none) == "nil")
    #expect(String(customDumping: Int?.some(5)) == "5")
    #expect(String(customDumping: UserID?.some(UserID(rawValue: 1))) == "UserID(rawValue: 1)")
  }

  @Test func optionalOfOptional() {
    #expect(String(customDumping: Int??.none) == "nil")
    #expect(String(customDumping: Int??.some(nil)) == ".some(nil)")
    #expect(String(customDumping: Int??.some(3)) == "3")
    #expect(String(customDumping: Int???.some(.some(nil))) == ".some(.some(nil))")
  }

  @Test func emptyCollections() {
    #expect(String(customDumping: [Int]()) == "[]")
    #expect(String(customDumping: [String: Int]()) == "[:]")
    #expect(String(customDumping: Set<Int>()) == "Set([])")
    #expect(String(customDumping: Team(name: "", members: [], lead: nil)) == """
      Team(
        name: "",
        members: [],
        lead: nil
      )
      """)
  }

  @Test func arraysShowIndices() {
    #expect(
      String(customDumping: [[1, 2], []]) == """
        [
          [0]: [
            [0]: 1,
            [1]: 2
          ],
          [1]: []
        ]
        """
    )
  }

  @Test func dictionariesAreSortedByKey() {
    #expect(
      String(customDumping: ["b": 1, "a": 2, "C": 3]) == """
        [
          "C": 3,
          "a": 2,
          "b": 1
        ]
        """
    )
  }

  @Test func integerKeysSortByValue() {
    #expect(
      String(customDumping: [10: "ten", 9: "nine", -1: "minus one"]) == """
        [
          -1: "minus one",
          9: "nine",
          10: "ten"
        ]
        """
    )
  }

  @Test func setsAreSorted() {
    #expect(
      String(customDumping: Set(["pear", "apple", "fig"])) == """
        Set([
          "apple",
          "fig",
          "pear"
        ])
        """
    )
  }

  @Test func dictionaryWithStructValues() {
    #expect(
      String(customDumping: [2: User(id: 2, name: "Bo"), 1: User(id: 1, name: "Ann")]) == """
        [
          1: User(
            id: 1,
            name: "Ann"
          ),
          2: User(
            id: 2,
            name: "Bo"
          )
        ]
        """
    )
  }

  @Test func stringsAreQuotedAndEscaped() {
    #expect(String(customDumping: "plain") == #""plain""#)
    #expect(String(customDumping: #"say "hi""#) == #""say \"hi\"""#)
    #expect(String(customDumping: #"C:\path"#) == #""C:\\path""#)
    #expect(String(customDumping: "tab\there") == #""tab\there""#)
    #expect(String(customDumping: "") == #""""#)
  }

  @Test func unicodeIsKeptButInvisibleCharactersAreEscaped() {
    #expect(String(customDumping: "café 😀 日本") == #""café 😀 日本""#)
    #expect(String(customDumping: "👩‍👩‍👧") == #""👩‍👩‍👧""#)
    #expect(String(customDumping: "a\u{202E}b\u{200B}c") == #""a\u{202E}b\u{200B}c""#)
    #expect(String(customDumping: "bell\u{7}") == #""bell\u{7}""#)
  }

  @Test func multilineStringsAreBlocks() {
    #expect(
      String(customDumping: "one\ntwo \"quoted\"\n") == #"""
        """
        one
        two "quoted"

        """
        """#
    )
  }

  @Test func multilineStringInAFieldIsIndented() {
    struct Note { var text: String }
    #expect(
      String(customDumping: Note(text: "a\\b\n\"\"\" end")) == #"""
        Note(
          text: """
            a\\b
            \"\"\" end
            """
        )
        """#
    )
  }

  @Test func characterAndSubstring() {
    #expect(String(customDumping: Character("x")) == #""x""#)
    #expect(String(customDumping: "hello".dropFirst()) == #""ello""#)
  }

  @Test func numbersAndBooleans() {
    #expect(String(customDumping: 42) == "42")
    #expect(String(customDumping: -1.5) == "-1.5")
    #expect(String(customDumping: Float(0.25)) == "0.25")
    #expect(String(customDumping: UInt8(255)) == "255")
    #expect(String(customDumping: true) == "true")
    #expect(String(customDumping: Decimal(string: "12.50")!) == "12.5")
    #expect(String(customDumping: NSNumber(value: 3)) == "3")
    #expect(String(customDumping: NSString(string: "ns")) == #""ns""#)
  }

  @Test func foundationValues() {
    #expect(
      String(customDumping: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!)
        == "UUID(00000000-0000-0000-0000-000000000001)"
    )
    #expect(String(customDumping: URL(string: "https://example.com/a?b=c")!) == "URL(https://example.com/a?b=c)")
    #expect(String(customDumping: Date(timeIntervalSince1970: 0)) == "Date(1970-01-01T00:00:00Z)")
    #expect(String(customDumping: Data([0x0A, 0x1B, 0xFF])) == "Data(3 bytes: 0A1BFF)")
    #expect(String(customDumping: Data(count: 100)) == "Data(100 bytes)")
    #expect(String(customDumping: Locale(identifier: "en_US")) == "Locale(en_US)")
    let zone = TimeZone(secondsFromGMT: 3600)!
    #expect(String(customDumping: zone) == "TimeZone(\(zone.identifier))")
  }

  @Test func durations() {
    #expect(String(customDumping: Duration.seconds(6)) == "Duration.seconds(6)")
    #expect(String(customDumping: Duration.milliseconds(1500)) == "Duration.milliseconds(1500)")
    #expect(String(customDumping: Duration.microseconds(7)) == "Duration.microseconds(7)")
  }

  @Test func errorsAreValues() {
    #expect(
      String(customDumping: LoadError.notFound(path: "/tmp")) == #"LoadError.notFound(path: "/tmp")"#
    )
    #expect(
      String(customDumping: NSError(domain: "Net", code: 7)) == """
        NSError(
          domain: "Net",
          code: 7,
          userInfo: [:]
        )
        """
    )
    let error: any Error = LoadError.timedOut
    #expect(String(customDumping: error) == "LoadError.timedOut")
  }

  @Test func keyPathsAndMetatypes() {
    #expect(String(customDumping: \User.name) == #"\User.name"#)
    #expect(String(customDumping: User.self) == "User.self")
    #expect(String(customDumping: [User?].self) == "[User?].self")
    #expect(String(customDumping: [String: Int].self) == "[String: Int].self")
  }

  @Test func classesShowIdentityOnce() {
    let shared = Node(1)
    #expect(
      String(customDumping: Holder(first: shared, second: shared)) == """
        Holder(
          first: Node#1(
            value: 1,
            next: nil
          ),
          second: Node#1(↩︎)
        )
        """
    )
  }

  @Test func recursiveClassesDoNotLoop() {
    let first = Node(1)
    let second = Node(2, next: first)
    first.next = second
    #expect(
      String(customDumping: first) == """
        Node#1(
          value: 1,
          next: Node#2(
            value: 2,
            next: Node#1(↩︎)
          )
        )
        """
    )
  }

  @Test func subclassesShowInheritedFieldsFirst() {
    #expect(
      String(customDumping: Dog()) == """
        Dog#1(
          name: "Rex",
          goodBoy: true
        )
        """
    )
  }

  @Test func customDescription() {
    #expect(String(customDumping: Money(cents: 1250)) == "$12.50")
    #expect(
      String(customDumping: [Money(cents: 5)]) == """
        [
          [0]: $0.05
        ]
        """
    )
  }

  @Test func customMirror() {
    #expect(
      String(customDumping: Token(secret: "hunter2", owner: "ann")) == """
        Token(owner: "ann")
        """
    )
  }

  @Test func substituteValue() {
    #expect(String(customDumping: Tagged(rawValue: 42)) == "42")
    #expect(String(customDumping: SelfSubstitute(value: 1)) == "SelfSubstitute(value: 1)")
  }

  @Test func nameIndentAndMaxDepth() {
    var text = ""
    customDump(User(id: 1, name: "Ann"), to: &text, name: "user", indent: 2)
    #expect(
      text == """
          user: User(
            id: 1,
            name: "Ann"
          )
        """
    )
    #expect(String(customDumping: Team(name: "x", members: [User(id: 1, name: "a")], lead: nil)).contains("[0]"))
    var shallow = ""
    customDump(Team(name: "x", members: [User(id: 1, name: "a")], lead: nil), to: &shallow, maxDepth: 1)
    #expect(
      shallow == """
        Team(
          name: "x",
          members: […],
          lead: nil
        )
        """
    )
    var rootOnly = ""
    customDump(User(id: 1, name: "a"), to: &rootOnly, maxDepth: 0)
    #expect(rootOnly == "User(…)")
  }

  @Test func customDumpReturnsItsValue() {
    var text = ""
    let value = customDump(5, to: &text)
    #expect(value == 5)
    #expect(text == "5")
  }

  @Test func outputIsDeterministic() {
    let value: [String: Set<Int>] = Dictionary(
      uniqueKeysWithValues: (0..<50).map { ("key\($0)", Set(0..<$0 % 7)) }
    )
    let first = String(customDumping: value)
    for _ in 0..<5 {
      // Fresh dictionaries hash differently from run to run; the dump must not.
      let copy = Dictionary(uniqueKeysWithValues: value.map { ($0.key, Set($0.value)) })
      #expect(String(customDumping: copy) == first)
    }
    #expect(!first.contains("0x"))
  }

  @Test func observationRegistrarIsHidden() {
    #expect(String(customDumping: WithRegistrar(count: 1)) == "WithRegistrar(count: 1)")
  }

  @Test func observableModelsShowTheirPropertyNames() {
    // What `@Observable` generates: `_count` storage beside a registrar.
    final class Model {
      var _count = 3
      var _$observationRegistrar = 0
    }
    #expect(String(customDumping: Model()) == "Model#1(count: 3)")
  }
}

private enum LoadError: Error {
  case notFound(path: String)
  case timedOut
}

private enum DescribedEnum: CustomStringConvertible {
  case first, second
  var description: String { "described" }
}

private struct Money: CustomDumpStringConvertible {
  var cents: Int
  var customDumpDescription: String {
    "$\(cents / 100).\(String(cents % 100).count == 1 ? "0" : "")\(cents % 100)"
  }
}

private struct Token: CustomDumpReflectable {
  var secret: String
  var owner: String
  var customDumpMirror: Mirror {
    Mirror(self, children: ["owner": owner], displayStyle: .struct)
  }
}

private struct Tagged: CustomDumpRepresentable {
  var rawValue: Int
  var customDumpValue: Any { rawValue }
}

private struct SelfSubstitute: CustomDumpRepresentable {
  var value: Int
  var customDumpValue: Any { self }
}

private struct WithRegistrar {
  var _$observationRegistrar = 0
  var count: Int
}

private indirect enum LinkedList {
  case end
  case node(Int, LinkedList)
}

@Suite("customDump nesting")
struct CustomDumpNestingTests {
  @Test func veryDeepValuesAreFoldedInsteadOfOverflowingTheStack() async {
    var list = LinkedList.end
    for value in 0..<5_000 { list = .node(value, list) }
    let text = await Task.detached { [list] in String(customDumping: list) }.value
    #expect(text.contains(".node(…)"))
    #expect(text.hasPrefix("LinkedList.node(\n  4999,\n  .node(\n    4998,"))
  }
}

@Suite("customDump of SIMD vectors and metatypes")
struct CustomDumpVectorTests {
  @Test func simdVectorsShowTheirScalars() {
    #expect(String(customDumping: SIMD4<Float>(1, 2, 4, 8)) == "SIMD4<Float>(1.0, 2.0, 4.0, 8.0)")
    #expect(String(customDumping: SIMD2<Int>(-1, 2)) == "SIMD2<Int>(-1, 2)")
    struct Sprite {
      var position: SIMD2<Double>
    }
    #expect(String(customDumping: Sprite(position: [0.5, 3])) == "Sprite(position: SIMD2<Double>(0.5, 3.0))")
  }

  @Test func simdDiffShowsBothVectors() {
    #expect(
      diff(SIMD3<Int>(1, 2, 3), SIMD3<Int>(1, 2, 4)) == """
        − SIMD3<Int>(1, 2, 3)
        + SIMD3<Int>(1, 2, 4)
        """
    )
  }

  @Test func metatypesOfNestedOptionals() {
    #expect(String(customDumping: [[Double: Double]?].self) == "[[Double: Double]?].self")
    #expect(String(customDumping: (Int, String)?.self) == "(Int, String)?.self")
    #expect(String(customDumping: ((Int) -> Void)?.self) == "((Int) -> ())?.self")
  }
}

private struct ObservedState: CustomDumpReflectable {
  var _$observationRegistrar = 0
  var _count = 1
  var customDumpMirror: Mirror {
    Mirror(self, children: ["_$observationRegistrar": _$observationRegistrar, "_count": _count], displayStyle: .struct)
  }
}

private final class ObservedModel: CustomDumpReflectable {
  var _$observationRegistrar = 0
  var _count = 2
  var customDumpMirror: Mirror {
    Mirror(self, children: ["_$observationRegistrar": _$observationRegistrar, "_count": _count], displayStyle: .class)
  }
}

@Suite("customDumpMirror")
struct CustomDumpMirrorTests {
  @Test func childrenAreKeptAsGiven() {
    #expect(
      String(customDumping: ObservedState()) == """
        ObservedState(
          _$observationRegistrar: 0,
          _count: 1
        )
        """
    )
    #expect(
      String(customDumping: ObservedModel()) == """
        ObservedModel#1(
          _$observationRegistrar: 0,
          _count: 2
        )
        """
    )
  }

  @Test func withoutACustomMirrorBookkeepingIsStillHidden() {
    struct Plain {
      var _$observationRegistrar = 0
      var count = 1
    }
    #expect(String(customDumping: Plain()) == "Plain(count: 1)")
  }
}
