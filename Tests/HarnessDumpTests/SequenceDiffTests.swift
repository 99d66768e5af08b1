import HarnessDump
import Testing

@Suite("SequenceDiff")
struct SequenceDiffTests {
  /// Checks that `edits` turn `old` into `new`: every index once, in order, `same` only for
  /// equal elements.
  private func isValid(_ edits: [SequenceDiff.Edit], _ old: [Int], _ new: [Int]) -> Bool {
    var nextOld = 0, nextNew = 0
    for edit in edits {
      switch edit {
      case .same(let o, let n):
        guard o == nextOld, n == nextNew, old[o] == new[n] else { return false }
        nextOld += 1
        nextNew += 1
      case .removed(let o):
        guard o == nextOld else { return false }
        nextOld += 1
      case .added(let n):
        guard n == nextNew else { return false }
        nextNew += 1
      }
    }
    return nextOld == old.count && nextNew == new.count
  }

  private func changeCount(_ edits: [SequenceDiff.Edit]) -> Int {
    edits.filter { if case .same = $0 { false } else { true } }.count
  }

  private func longestCommonSubsequence(_ a: [Int], _ b: [Int]) -> Int {
    var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0..<a.count {
      for j in 0..<b.count {
        table[i + 1][j + 1] = a[i] == b[j] ? table[i][j] + 1 : max(table[i][j + 1], table[i + 1][j])
      }
    }
    return table[a.count][b.count]
  }

  @Test func identicalAndEmpty() {
    #expect(SequenceDiff.edits([], []) == [])
    #expect(SequenceDiff.edits([1, 2], [1, 2]) == [.same(0, 0), .same(1, 1)])
    #expect(SequenceDiff.edits([], [5]) == [.added(0)])
    #expect(SequenceDiff.edits([5], []) == [.removed(0)])
  }

  @Test func removalsComeBeforeAdditions() {
    #expect(SequenceDiff.edits([1, 2, 3], [1, 9, 3]) == [.same(0, 0), .removed(1), .added(1), .same(2, 2)])
  }

  @Test func shortestOnRandomSequences() {
    var random = SplitMix64(seed: 42)
    for _ in 0..<300 {
      let old = (0..<Int(random.next() % 12)).map { _ in Int(random.next() % 4) }
      let new = (0..<Int(random.next() % 12)).map { _ in Int(random.next() % 4) }
      let edits = SequenceDiff.edits(old, new)
      #expect(isValid(edits, old, new))
      #expect(changeCount(edits) == old.count + new.count - 2 * longestCommonSubsequence(old, new))
    }
  }

  @Test func myersGivesUpBeyondItsBound() {
    #expect(SequenceDiff.myers([1, 2, 3], 0..<3, [4, 5, 6], 0..<3, maxDifferences: 2) == nil)
    #expect(SequenceDiff.myers([1, 2, 3], 0..<3, [4, 5, 6], 0..<3, maxDifferences: 6) != nil)
  }

  @Test func largeDifferencesStayValidAndFast() {
    // Every third line differs: far more differences than Myers is allowed, so the unique lines
    // split the work.
    let old = Array(0..<30_000)
    let new = old.map { $0 % 3 == 0 ? -$0 - 1 : $0 }
    let edits = SequenceDiff.edits(old, new)
    #expect(isValid(edits, old, new))
    #expect(changeCount(edits) == 20_000)
  }

  @Test func noCommonLinesAtAll() {
    let old = Array(0..<5_000)
    let new = Array(5_000..<10_000)
    let edits = SequenceDiff.edits(old, new)
    #expect(isValid(edits, old, new))
    #expect(changeCount(edits) == 10_000)
  }
}

/// A small deterministic random number generator, so random tests repeat exactly.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
