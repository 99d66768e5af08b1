/// The line-by-line difference of two dumps.
enum LineDiff {
  enum Kind: Equatable {
    case unchanged
    case removed
    case added
  }

  /// One line of the unified view. `expectedLine` / `actualLine` are -1 where absent.
  struct Row: Equatable {
    var kind: Kind
    var expectedLine: Int
    var actualLine: Int
  }

  static func rows(_ expected: DumpedText, _ actual: DumpedText) -> [Row] {
    var rows: [Row] = []
    let expectedCount = expected.lineCount, actualCount = actual.lineCount
    // Trim the common prefix and suffix by direct comparison: usually almost all of the lines,
    // and far cheaper than hashing them.
    var prefix = 0
    while prefix < expectedCount, prefix < actualCount,
      expected.line(prefix, matches: actual, line: prefix)
    {
      rows.append(Row(kind: .unchanged, expectedLine: prefix, actualLine: prefix))
      prefix += 1
    }
    var suffix = 0
    while suffix < expectedCount - prefix, suffix < actualCount - prefix,
      expected.line(expectedCount - 1 - suffix, matches: actual, line: actualCount - 1 - suffix)
    {
      suffix += 1
    }

    // The middle: give equal lines equal ids, then an edit script over the ids.
    var ids: [[UInt8]: Int] = [:]
    func id(_ key: [UInt8]) -> Int {
      if let id = ids[key] { return id }
      let id = ids.count
      ids[key] = id
      return id
    }
    let expectedMiddle = (prefix..<(expectedCount - suffix)).map { id(expected.comparisonKey(ofLine: $0)) }
    let actualMiddle = (prefix..<(actualCount - suffix)).map { id(actual.comparisonKey(ofLine: $0)) }
    for edit in SequenceDiff.edits(expectedMiddle, actualMiddle) {
      switch edit {
      case .same(let old, let new):
        rows.append(Row(kind: .unchanged, expectedLine: prefix + old, actualLine: prefix + new))
      case .removed(let old):
        rows.append(Row(kind: .removed, expectedLine: prefix + old, actualLine: -1))
      case .added(let new):
        rows.append(Row(kind: .added, expectedLine: -1, actualLine: prefix + new))
      }
    }

    for offset in stride(from: suffix, to: 0, by: -1) {
      rows.append(
        Row(kind: .unchanged, expectedLine: expectedCount - offset, actualLine: actualCount - offset)
      )
    }
    return rows
  }
}
