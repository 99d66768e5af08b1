/// The order of dictionary keys and set elements in dumps: by their dumped text, so it never
/// depends on hash order. Integers compare by value (`2` before `10`) and come first; any other
/// text compares by its UTF-8 bytes, which is locale-independent.
package enum DumpOrder {
  package static func areInIncreasingOrder(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
    switch (IntegerText(lhs), IntegerText(rhs)) {
    case let (left?, right?):
      if left != right { return left < right }
      return lhs.lexicographicallyPrecedes(rhs)
    case (.some, nil): return true
    case (nil, .some): return false
    case (nil, nil): return lhs.lexicographicallyPrecedes(rhs)
    }
  }

  /// An integer literal of any size, compared by value.
  private struct IntegerText: Comparable {
    var isNegative: Bool
    /// Decimal digits without leading zeros.
    var digits: ArraySlice<UInt8>

    init?(_ text: [UInt8]) {
      var body = text[...]
      isNegative = body.first == UInt8(ascii: "-")
      if isNegative { body = body.dropFirst() }
      guard !body.isEmpty, body.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
      else { return nil }
      digits = body.drop(while: { $0 == UInt8(ascii: "0") })
      if digits.isEmpty { isNegative = false }
    }

    static func < (lhs: Self, rhs: Self) -> Bool {
      if lhs.isNegative != rhs.isNegative { return lhs.isNegative }
      let magnitudeIsLess = lhs.digits.count != rhs.digits.count
        ? lhs.digits.count < rhs.digits.count
        : lhs.digits.lexicographicallyPrecedes(rhs.digits)
      let magnitudeIsEqual = lhs.digits.elementsEqual(rhs.digits)
      if magnitudeIsEqual { return false }
      return lhs.isNegative ? !magnitudeIsLess : magnitudeIsLess
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.isNegative == rhs.isNegative && lhs.digits.elementsEqual(rhs.digits)
    }
  }
}
