import Foundation
import HarnessDump
import Testing

private final class Tracked<Value>: CustomDiffable {
  var snapshot: Value
  var value: Value
  init(_ value: Value) { (snapshot, self.value) = (value, value) }

  static func customDiffValues(expected: Tracked, actual: Tracked) -> (expected: Any, actual: Any)? {
    expected === actual ? (expected.snapshot, actual.value) : nil
  }
}

private struct Counter {
  var count: Tracked<Int>
  var label = "clicks"
}

private struct Stamped: Equatable, CustomDiffable {
  var value: Int
  var updatedAt: Date

  static func customDiffValues(expected: Stamped, actual: Stamped) -> (expected: Any, actual: Any)? {
    (expected.value, actual.value)
  }
}

@Suite("CustomDiffable")
struct CustomDiffableTests {
  @Test func theSameInstanceShowsWhatChanged() {
    let count = Tracked(1)
    count.value = 2
    #expect(diff(count, count) == "− 1\n+ 2")
    let counter = Counter(count: count)
    #expect(
      diff(counter, counter) == """
          Counter(
        −   count: 1,
        +   count: 2,
            label: "clicks"
          )
        """
    )
    count.snapshot = 2
    #expect(diff(counter, counter) == nil)
  }

  @Test func nilDiffsAsUsual() {
    #expect(
      diff(Tracked(1), Tracked(1)) == """
        − Tracked#1(
        + Tracked#2(
            snapshot: 1,
            value: 1
          )
        """
    )
  }

  @Test func aValueCanLeaveOutWhatTheComparisonIgnores() {
    let expected = Stamped(value: 1, updatedAt: Date(timeIntervalSince1970: 0))
    #expect(diff(expected, Stamped(value: 1, updatedAt: Date(timeIntervalSince1970: 60))) == nil)
    #expect(diff([expected], [Stamped(value: 2, updatedAt: .distantFuture)]) == """
        [
      −   [0]: 1
      +   [0]: 2
        ]
      """)
  }

  @Test func plainDumpsAreNotAffected() {
    let stamped = Stamped(value: 1, updatedAt: Date(timeIntervalSince1970: 0))
    #expect(
      String(customDumping: stamped) == """
        Stamped(
          value: 1,
          updatedAt: Date(1970-01-01T00:00:00Z)
        )
        """
    )
  }
}
