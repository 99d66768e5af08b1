/// A shortest edit script between two sequences of line ids: Myers' O((N+M)·D) algorithm, with
/// a patience-style split on lines that occur once on each side when the difference is too large
/// for Myers to stay fast.
package enum SequenceDiff {
  package enum Edit: Equatable {
    case same(Int, Int)
    case removed(Int)
    case added(Int)
  }

  /// The edits turning `old` into `new`, in order (within a change, removals before additions).
  package static func edits(_ old: [Int], _ new: [Int]) -> [Edit] {
    var edits: [Edit] = []
    edits.reserveCapacity(max(old.count, new.count))
    diff(old, 0..<old.count, new, 0..<new.count, into: &edits)
    return edits
  }

  private static func diff(
    _ old: [Int], _ oldRange: Range<Int>,
    _ new: [Int], _ newRange: Range<Int>,
    into edits: inout [Edit]
  ) {
    // Common prefix and suffix cost nothing to find and are most of a typical dump.
    var oldStart = oldRange.lowerBound, newStart = newRange.lowerBound
    var oldEnd = oldRange.upperBound, newEnd = newRange.upperBound
    while oldStart < oldEnd, newStart < newEnd, old[oldStart] == new[newStart] {
      edits.append(.same(oldStart, newStart))
      oldStart += 1
      newStart += 1
    }
    var suffix: [Edit] = []
    while oldStart < oldEnd, newStart < newEnd, old[oldEnd - 1] == new[newEnd - 1] {
      oldEnd -= 1
      newEnd -= 1
      suffix.append(.same(oldEnd, newEnd))
    }
    defer { edits.append(contentsOf: suffix.reversed()) }

    if oldStart == oldEnd || newStart == newEnd {
      for index in oldStart..<oldEnd { edits.append(.removed(index)) }
      for index in newStart..<newEnd { edits.append(.added(index)) }
      return
    }
    let size = (oldEnd - oldStart) + (newEnd - newStart)
    // Time grows with size × differences, memory with differences squared: bound both.
    let maxDifferences = min(size, 1_000, max(64, 30_000_000 / size))
    if let script = myers(old, oldStart..<oldEnd, new, newStart..<newEnd, maxDifferences: maxDifferences) {
      edits.append(contentsOf: script)
      return
    }
    let anchors = uniqueCommonAnchors(old, oldStart..<oldEnd, new, newStart..<newEnd)
    guard !anchors.isEmpty else {
      for index in oldStart..<oldEnd { edits.append(.removed(index)) }
      for index in newStart..<newEnd { edits.append(.added(index)) }
      return
    }
    var oldCursor = oldStart, newCursor = newStart
    for (oldAnchor, newAnchor) in anchors {
      diff(old, oldCursor..<oldAnchor, new, newCursor..<newAnchor, into: &edits)
      edits.append(.same(oldAnchor, newAnchor))
      oldCursor = oldAnchor + 1
      newCursor = newAnchor + 1
    }
    diff(old, oldCursor..<oldEnd, new, newCursor..<newEnd, into: &edits)
  }

  /// Myers' greedy forward search, or nil when more than `maxDifferences` edits are needed.
  package static func myers(
    _ old: [Int], _ oldRange: Range<Int>,
    _ new: [Int], _ newRange: Range<Int>,
    maxDifferences: Int
  ) -> [Edit]? {
    let n = oldRange.count, m = newRange.count
    let oldBase = oldRange.lowerBound, newBase = newRange.lowerBound
    let offset = maxDifferences + 1
    var frontier = [Int](repeating: 0, count: 2 * maxDifferences + 3)
    // frontier[offset + k] = furthest x on diagonal k; one snapshot per step for the backtrack.
    var trace: [[Int]] = []
    for d in 0...maxDifferences {
      trace.append(Array(frontier[(offset - d)...(offset + d)]))
      for k in stride(from: -d, through: d, by: 2) {
        var x: Int
        if k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1]) {
          x = frontier[offset + k + 1]
        } else {
          x = frontier[offset + k - 1] + 1
        }
        var y = x - k
        while x < n, y < m, old[oldBase + x] == new[newBase + y] {
          x += 1
          y += 1
        }
        frontier[offset + k] = x
        if x >= n, y >= m {
          return backtrack(trace: trace, d: d, n: n, m: m, oldBase: oldBase, newBase: newBase)
        }
      }
    }
    return nil
  }

  private static func backtrack(
    trace: [[Int]], d finalD: Int, n: Int, m: Int, oldBase: Int, newBase: Int
  ) -> [Edit] {
    var reversed: [Edit] = []
    var x = n, y = m
    for d in stride(from: finalD, through: 0, by: -1) {
      let snapshot = trace[d]  // frontier before step d, indexed by k + d
      let k = x - y
      let previousK: Int
      if d == 0 {
        previousK = 0
      } else if k == -d || (k != d && snapshot[k - 1 + d] < snapshot[k + 1 + d]) {
        previousK = k + 1
      } else {
        previousK = k - 1
      }
      let previousX = d == 0 ? 0 : snapshot[previousK + d]
      let previousY = previousX - previousK
      let snakeStartX = d == 0 ? 0 : (previousK == k + 1 ? previousX : previousX + 1)
      while x > snakeStartX, y > (snakeStartX - k) {
        x -= 1
        y -= 1
        reversed.append(.same(oldBase + x, newBase + y))
      }
      if d > 0 {
        if previousK == k + 1 {
          reversed.append(.added(newBase + previousY))
        } else {
          reversed.append(.removed(oldBase + previousX))
        }
        x = previousX
        y = previousY
      }
    }
    return normalizingChangeOrder(reversed.reversed())
  }

  /// Within each run of changes, puts removals before additions (how people read a change).
  private static func normalizingChangeOrder(_ edits: [Edit]) -> [Edit] {
    var result: [Edit] = []
    result.reserveCapacity(edits.count)
    var added: [Edit] = []
    for edit in edits {
      switch edit {
      case .same:
        result.append(contentsOf: added)
        added.removeAll(keepingCapacity: true)
        result.append(edit)
      case .removed:
        result.append(edit)
      case .added:
        added.append(edit)
      }
    }
    result.append(contentsOf: added)
    return result
  }

  /// Lines that occur exactly once on each side, kept in an order that is increasing on both
  /// sides (longest increasing subsequence): safe anchors to split a large difference on.
  private static func uniqueCommonAnchors(
    _ old: [Int], _ oldRange: Range<Int>,
    _ new: [Int], _ newRange: Range<Int>
  ) -> [(Int, Int)] {
    var occurrences: [Int: (oldCount: Int, newCount: Int, oldIndex: Int, newIndex: Int)] = [:]
    for index in oldRange {
      occurrences[old[index], default: (0, 0, 0, 0)].oldCount += 1
      occurrences[old[index]]!.oldIndex = index
    }
    for index in newRange {
      occurrences[new[index], default: (0, 0, 0, 0)].newCount += 1
      occurrences[new[index]]!.newIndex = index
    }
    let pairs = occurrences.values
      .filter { $0.oldCount == 1 && $0.newCount == 1 }
      .map { ($0.oldIndex, $0.newIndex) }
      .sorted { $0.0 < $1.0 }
    return longestIncreasingByNew(pairs)
  }

  /// Patience sorting: the longest subsequence of `pairs` (sorted by old index) whose new
  /// indices increase.
  private static func longestIncreasingByNew(_ pairs: [(Int, Int)]) -> [(Int, Int)] {
    var pileTops: [Int] = []  // index into pairs of the top of each pile
    var previous = [Int](repeating: -1, count: pairs.count)
    for (index, pair) in pairs.enumerated() {
      var low = 0, high = pileTops.count
      while low < high {
        let middle = (low + high) / 2
        if pairs[pileTops[middle]].1 < pair.1 { low = middle + 1 } else { high = middle }
      }
      if low > 0 { previous[index] = pileTops[low - 1] }
      if low == pileTops.count { pileTops.append(index) } else { pileTops[low] = index }
    }
    var result: [(Int, Int)] = []
    var cursor = pileTops.last ?? -1
    while cursor >= 0 {
      result.append(pairs[cursor])
      cursor = previous[cursor]
    }
    return result.reversed()
  }
}
