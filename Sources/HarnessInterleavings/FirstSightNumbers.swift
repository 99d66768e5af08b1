/// Numbers values by first sight, from 1: a run's tasks by id, its actors by address.
///
/// Looked up at every step of a run that follows the ready queue: while few values are known
/// (a typical run's handful of tasks) a scan of them, which costs less than hashing; a
/// dictionary beside them once there are more.
struct FirstSightNumbers {
  /// The values numbered, by number − 1 (a value numbered again appears twice).
  private(set) var values: [UInt64] = []
  /// Each value's latest number, kept once there are more than ``scanLimit`` values.
  private var numbers: [UInt64: Int] = [:]
  private static let scanLimit = 16

  /// Makes room for as many values as `previous` numbered.
  mutating func reserveCapacity(like previous: FirstSightNumbers) {
    values.reserveCapacity(previous.values.count)
  }

  /// The latest number of `value`, if it has one.
  func number(of value: UInt64) -> Int? {
    guard values.count > Self.scanLimit else {
      var index = values.count - 1
      while index >= 0 {
        if values[index] == value { return index + 1 }
        index -= 1
      }
      return nil
    }
    return numbers[value]
  }

  /// Gives `value` the next number (a new one, even if it had one) and returns it.
  mutating func assign(_ value: UInt64) -> Int {
    values.append(value)
    if values.count == Self.scanLimit + 1 {
      // In order, so that a value numbered twice keeps its latest number.
      for (index, seen) in values.enumerated() { numbers[seen] = index + 1 }
    } else if values.count > Self.scanLimit {
      numbers[value] = values.count
    }
    return values.count
  }
}
