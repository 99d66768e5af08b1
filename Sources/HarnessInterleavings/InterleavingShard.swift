import HarnessIssues

/// One of `count` disjoint parts of an exploration's iterations, for spreading a long
/// exploration over machines: `HARNESS_INTERLEAVINGS_SHARD=i/n` (from 1).
///
/// An exploration's iterations are numbered 1, 2, 3, … (iteration *k* draws its order from the
/// base seed and *k*) and grouped into *rounds*, one iteration per strategy of the exploration
/// (a round is one iteration when there is one strategy). Shard *i* of *n* runs rounds *i*,
/// *i + n*, *i + 2n*, …: as many iterations as asked (or as fit the time budget), each with the
/// number, seed and strategy it has in the unsharded sequence. So the *n* shards never share an
/// iteration, and shards 1…n of `.interleavings(100)` together run exactly iterations 1…100n,
/// which `.interleavings(100 * n)` runs on one machine (with a single strategy, or a count that
/// is a multiple of the strategies'), in the same orders for `.random` (PCT's change points
/// depend on the length of the iteration run before, another one in a shard).
package struct InterleavingShard: Sendable, Hashable, CustomStringConvertible {
  /// The environment variable that names a shard: `i/n`.
  package static let variable = "HARNESS_INTERLEAVINGS_SHARD"
  /// The whole sequence: no sharding.
  package static let whole = InterleavingShard(uncheckedIndex: 1, count: 1)

  /// From 1 to `count`.
  package let index: Int
  package let count: Int

  private init(uncheckedIndex index: Int, count: Int) {
    self.index = index
    self.count = count
  }

  /// Shard `index` of `count`; `nil` unless 1 ≤ `index` ≤ `count`.
  package init?(index: Int, count: Int) {
    guard count >= 1, (1...count).contains(index) else { return nil }
    self.init(uncheckedIndex: index, count: count)
  }

  /// Reads `i/n`; `nil` when it is not one (blanks around the numbers are fine).
  package init?(text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2,
      let index = Int(parts[0].filter { !$0.isWhitespace }),
      let count = Int(parts[1].filter { !$0.isWhitespace })
    else { return nil }
    self.init(index: index, count: count)
  }

  /// The shard the environment names: ``whole`` when ``variable`` is unset or empty; a value
  /// that is no shard is reported (where the exploration was asked for) and ignored.
  package static func fromEnvironment(
    _ text: String?,
    location: SourceCodeLocation
  ) -> InterleavingShard {
    guard let text, !text.isEmpty else { return .whole }
    guard let shard = InterleavingShard(text: text) else {
      reportIssue(ReportedIssue(message: InterleavingMessages.badShardVariable(text, name: variable), location: location))
      return .whole
    }
    return shard
  }

  package var isWhole: Bool { count == 1 }

  /// The number (from 1) of the shard's `local`th iteration (from 1) in the unsharded sequence,
  /// for rounds of `roundLength` iterations.
  package func iteration(local: Int, roundLength: Int) -> Int {
    let (round, position) = (local - 1).quotientAndRemainder(dividingBy: roundLength)
    return (round * count + index - 1) * roundLength + position + 1
  }

  public var description: String { "shard \(index) of \(count)" }
}
