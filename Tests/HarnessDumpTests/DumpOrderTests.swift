import HarnessDump
import Testing

@Suite("DumpOrder")
struct DumpOrderTests {
  private func sorted(_ texts: [String]) -> [String] {
    texts.map { Array($0.utf8) }
      .sorted(by: DumpOrder.areInIncreasingOrder)
      .map { String(decoding: $0, as: UTF8.self) }
  }

  @Test func integersByValueThenTextByBytes() {
    #expect(sorted(["b", "10", "-3", "2", "A", "007", "-20"]) == ["-20", "-3", "2", "007", "10", "A", "b"])
  }

  @Test func equalValuesAreOrderedByText() {
    #expect(sorted(["07", "7", "-0", "0"]) == ["-0", "0", "07", "7"])
  }

  @Test func hugeIntegers() {
    #expect(sorted(["99999999999999999999999", "100000000000000000000000"]) == [
      "99999999999999999999999", "100000000000000000000000",
    ])
  }
}
