import HarnessDump
import Testing

/// Equal when the ids match, whatever the names: `==` decides what a diff folds.
private struct Tag: Equatable {
  var id: Int
  var label: String
  static func == (lhs: Tag, rhs: Tag) -> Bool { lhs.id == rhs.id }
}

private struct Item: Equatable {
  var tag: Tag
  var count: Int
}

@Suite("Counterpart")
struct CounterpartTests {
  @Test func equalityNeedsTheSameEquatableType() {
    #expect(Equality.areEqual(1, 1))
    #expect(!Equality.areEqual(1, 2))
    #expect(!Equality.areEqual(1, Int?.some(1) as Any))
    #expect(Equality.areEqual(Int?.none as Any, Int?.none as Any))
    #expect(!Equality.areEqual({} as () -> Void, {} as () -> Void))
  }

  @Test func pairingMatchesEqualEdgesAndPairsTheMiddleByPosition() {
    let pairs = ElementPairing.pair([1, 2, 3, 4, 5], with: [1, 2, 9, 8, 7, 5])
    let described = pairs.map { pair -> String in
      switch pair {
      case .none: "none"
      case .equal: "equal"
      case .different(let other): "different(\(other))"
      case .unknown(let other): "unknown(\(other))"
      }
    }
    #expect(described == ["equal", "equal", "different(9)", "different(8)", "equal"])
  }

  @Test func nestedValuesEqualByTheirOwnEqualityAreFolded() {
    // The tags compare equal (same id), so the diff shows them folded, unchanged.
    let expected = Item(tag: Tag(id: 1, label: "a"), count: 1)
    let actual = Item(tag: Tag(id: 1, label: "b"), count: 2)
    #expect(
      diff(expected, actual) == """
          Item(
            tag: Tag(…),
        −   count: 1
        +   count: 2
          )
        """
    )
  }

  @Test func topLevelValuesAreAlwaysDumpedInFull() {
    #expect(diff(Tag(id: 1, label: "a"), Tag(id: 1, label: "b")) != nil)
  }
}
