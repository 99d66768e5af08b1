/// In a diff, each dump is written knowing the other value: a nested value equal (`==`) to its
/// counterpart at the same place is written folded (`User(…)`) instead of in full. The line diff
/// then sees one equal line on each side, so the diff of two large values that differ in one
/// place costs little more than the values' `==`.
///
/// Folding by `==` agrees with the comparison that usually triggers a diff (`expectNoDifference`
/// and the TestStore compare with `==`, which for synthesized conformances is built from the
/// children's `==`). The top-level values are always written in full.
package enum Counterpart {
  /// No counterpart: written in full, with nothing to compare against below.
  case none
  /// Known equal: written folded.
  case equal
  /// Known different: written in full, its children compared with those of this value.
  case different(Any)
  /// Not compared yet.
  case unknown(Any)

  init(_ value: Any?) {
    self = value.map { .unknown($0) } ?? .none
  }

  /// The counterpart value to compare children against, if any.
  var value: Any? {
    switch self {
    case .none, .equal: nil
    case .different(let value), .unknown(let value): value
    }
  }
}

/// Equality of two values seen as `Any`: true only for equal values of the same `Equatable` type.
package enum Equality {
  package static func areEqual(_ lhs: Any, _ rhs: Any) -> Bool {
    guard type(of: lhs) == type(of: rhs), let lhs = lhs as? any Equatable else { return false }
    return lhs.isEqual(toAny: rhs)
  }
}

extension Equatable {
  fileprivate func isEqual(toAny other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}

/// Pairs the elements of two arrays for a diff: equal leading and trailing elements pair as
/// `.equal`; in between, elements pair by position (an element changed in place compares field
/// by field), and the rest have no counterpart (inserted or removed).
package enum ElementPairing {
  package static func pair(_ elements: [Any], with others: [Any]) -> [Counterpart] {
    var pairs = [Counterpart](repeating: .none, count: elements.count)
    var prefix = 0
    while prefix < elements.count, prefix < others.count,
      Equality.areEqual(elements[prefix], others[prefix])
    {
      pairs[prefix] = .equal
      prefix += 1
    }
    var suffix = 0
    while suffix < elements.count - prefix, suffix < others.count - prefix,
      Equality.areEqual(elements[elements.count - 1 - suffix], others[others.count - 1 - suffix])
    {
      pairs[elements.count - 1 - suffix] = .equal
      suffix += 1
    }
    let middle = min(elements.count - prefix - suffix, others.count - prefix - suffix)
    for offset in 0..<middle {
      pairs[prefix + offset] = .different(others[prefix + offset])
    }
    return pairs
  }
}
