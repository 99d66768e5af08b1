/// Turns the rows of a line diff into the text a person reads.
///
/// Every changed line is shown. Unchanged nested values are folded onto one line
/// (`name: User(…),`), and in collections only a couple of unchanged elements around each change
/// are kept; longer runs become `… (N unchanged)`. So a change in one element of a 10,000-element
/// array reads as a handful of lines, with the indices telling where it is.
struct DiffRenderer {
  /// Unchanged elements kept on each side of a change in a collection.
  static let contextElements = 2

  static let unchangedMarker: [UInt8] = Array("  ".utf8)
  static let removedMarker: [UInt8] = Array("− ".utf8)
  static let addedMarker: [UInt8] = Array("+ ".utf8)

  private let expected: DumpedText
  private let actual: DumpedText
  private var rows: [LineDiff.Row]
  /// For each expected span: the rows of its first and last lines, and its child spans.
  private var spanRows: [(first: Int, last: Int)] = []
  private var children: [[Int]] = []
  /// changeCounts[r]: how many changed rows come before row r.
  private var changeCounts: [Int] = []
  private var output: [UInt8] = []

  init(expected: DumpedText, actual: DumpedText, rows: [LineDiff.Row]) {
    self.expected = expected
    self.actual = actual
    self.rows = rows
  }

  /// The rendered diff, or nil when no line changed.
  mutating func render() -> String? {
    rematchLinesAfterChanges()
    slideChangesOntoValueBoundaries()
    changeCounts = [0]
    changeCounts.reserveCapacity(rows.count + 1)
    for row in rows { changeCounts.append(changeCounts.last! + (row.kind == .unchanged ? 0 : 1)) }
    guard changeCounts.last! > 0 else { return nil }

    var rowOfExpectedLine = [Int](repeating: 0, count: expected.lineCount)
    for (index, row) in rows.enumerated() where row.expectedLine >= 0 {
      rowOfExpectedLine[row.expectedLine] = index
    }
    let spans = expected.layout.spans
    spanRows = spans.map { (rowOfExpectedLine[$0.firstLine], rowOfExpectedLine[$0.lastLine]) }
    children = Array(repeating: [], count: spans.count)
    for (index, span) in spans.enumerated() where span.parent >= 0 {
      children[span.parent].append(index)
    }

    output.reserveCapacity(1024)
    if spans.isEmpty {
      emitRows(0..<rows.count)
    } else {
      // The whole dump: every row, including additions before its first or after its last line.
      renderChanged(span: 0, rows: 0..<rows.count)
    }
    if output.last == 10 { output.removeLast() }
    return String(decoding: output, as: UTF8.self)
  }

  // MARK: Walking the expected value's structure

  private func hasChange(_ range: ClosedRange<Int>) -> Bool {
    changeCounts[range.upperBound + 1] > changeCounts[range.lowerBound]
  }

  private func hasChange(_ range: Range<Int>) -> Bool {
    changeCounts[range.upperBound] > changeCounts[range.lowerBound]
  }

  private func rowRange(of span: Int) -> ClosedRange<Int> {
    spanRows[span].first...spanRows[span].last
  }

  /// Emits a span that contains a change: its own lines as they are, each child changed
  /// (recursively), folded, or collapsed into a run.
  private mutating func renderChanged(span: Int, rows range: Range<Int>) {
    let spanChildren = children[span]
    let isCollection = expected.layout.spans[span].childrenAreElements
    let keep = isCollection ? keptElements(spanChildren, in: range) : nil
    var cursor = range.lowerBound
    var index = 0
    while index < spanChildren.count {
      let child = spanChildren[index]
      let childRows = rowRange(of: child)
      emitRows(cursor..<childRows.lowerBound)
      if hasChange(childRows) {
        renderChanged(span: child, rows: childRows.lowerBound..<(childRows.upperBound + 1))
        cursor = childRows.upperBound + 1
        index += 1
        continue
      }
      if let keep, !keep[index] {
        var runEnd = index
        while runEnd + 1 < spanChildren.count, !keep[runEnd + 1] { runEnd += 1 }
        let count = runEnd - index + 1
        if count > 1 {
          emitCollapsed(count: count, likeRow: childRows.lowerBound)
          cursor = rowRange(of: spanChildren[runEnd]).upperBound + 1
          index = runEnd + 1
          continue
        }
      }
      emitFolded(childRows)
      cursor = childRows.upperBound + 1
      index += 1
    }
    emitRows(cursor..<range.upperBound)
  }

  /// Which unchanged elements of a collection stay visible: those within `contextElements`
  /// of a changed element or of lines added or removed between elements.
  private func keptElements(_ elements: [Int], in range: Range<Int>) -> [Bool] {
    var keep = [Bool](repeating: false, count: elements.count)
    func keepAround(_ low: Int, _ high: Int) {
      for index in max(0, low)...min(elements.count - 1, high) where low <= high {
        keep[index] = true
      }
    }
    guard !elements.isEmpty else { return keep }
    var previousEnd = range.lowerBound
    for (index, element) in elements.enumerated() {
      let rows = rowRange(of: element)
      // A change between the previous element and this one (an insertion, say).
      if hasChange(previousEnd..<rows.lowerBound) {
        keepAround(index - Self.contextElements, index + Self.contextElements - 1)
      }
      if hasChange(rows) {
        keepAround(index - Self.contextElements, index + Self.contextElements)
      }
      previousEnd = rows.upperBound + 1
    }
    if hasChange(previousEnd..<range.upperBound) {
      keepAround(elements.count - Self.contextElements, elements.count - 1)
    }
    return keep
  }

  // MARK: Output

  private mutating func emitRows(_ range: Range<Int>) {
    for index in range { emit(rows[index]) }
  }

  private mutating func emit(_ row: LineDiff.Row) {
    switch row.kind {
    case .unchanged:
      output.append(contentsOf: Self.unchangedMarker)
      output.append(contentsOf: actual.text(ofLine: row.actualLine))
    case .removed:
      output.append(contentsOf: Self.removedMarker)
      output.append(contentsOf: expected.text(ofLine: row.expectedLine))
    case .added:
      output.append(contentsOf: Self.addedMarker)
      output.append(contentsOf: actual.text(ofLine: row.actualLine))
    }
    output.append(10)
  }

  /// An unchanged value on one line: its first line, `…`, and its last line's closing text.
  private mutating func emitFolded(_ range: ClosedRange<Int>) {
    guard range.count > 1 else { return emit(rows[range.lowerBound]) }
    output.append(contentsOf: Self.unchangedMarker)
    output.append(contentsOf: actual.text(ofLine: rows[range.lowerBound].actualLine))
    output.append(contentsOf: "…".utf8)
    output.append(contentsOf: actual.text(ofLine: rows[range.upperBound].actualLine).drop { $0 == 32 })
    output.append(10)
  }

  private mutating func emitCollapsed(count: Int, likeRow row: Int) {
    let firstLine = actual.text(ofLine: rows[row].actualLine)
    output.append(contentsOf: Self.unchangedMarker)
    output.append(contentsOf: firstLine.prefix { $0 == 32 })
    output.append(contentsOf: "… (\(count) unchanged)".utf8)
    output.append(10)
  }

  // MARK: Re-matching lines after a change

  /// A changed value followed by added (or removed) values can end in lines the line diff
  /// matched with the wrong value's: in `[1: A(…), 2: B(x)]` → `[…, 2: B(y), 3: C(z)]` the
  /// closing `)` of `2` can pair with the `)` of the added `3`, which then reads as if `3` were
  /// the end of `2`. Where lines inside a change match the unchanged lines after it just as
  /// well, pair those instead when that cuts fewer values in half.
  private mutating func rematchLinesAfterChanges() {
    var edges: (expected: SpanEdges?, actual: SpanEdges?) = (nil, nil)
    var hunkStart = 0
    while hunkStart < rows.count {
      guard rows[hunkStart].kind != .unchanged else {
        hunkStart += 1
        continue
      }
      var hunkEnd = hunkStart
      while hunkEnd < rows.count, rows[hunkEnd].kind != .unchanged { hunkEnd += 1 }
      var unchangedEnd = hunkEnd
      while unchangedEnd < rows.count, rows[unchangedEnd].kind == .unchanged { unchangedEnd += 1 }
      let hunk = hunkStart..<hunkEnd
      let isMixed = rows[hunk].contains { $0.kind == .added } && rows[hunk].contains { $0.kind == .removed }
      // Pure insertions and removals are placed by sliding; keep large hunks linear.
      if isMixed, hunkEnd < rows.count, unchangedEnd - hunkStart <= 400 {
        let unchanged = hunkEnd..<unchangedEnd
        if !rematch(hunk, unchanged: unchanged, isAddition: true, edges: &edges.actual) {
          _ = rematch(hunk, unchanged: unchanged, isAddition: false, edges: &edges.expected)
        }
      }
      hunkStart = unchangedEnd
    }
  }

  /// Re-pairs the first unchanged lines after `hunk` with lines of one side inside it; true if
  /// that was better.
  private mutating func rematch(
    _ hunk: Range<Int>,
    unchanged: Range<Int>,
    isAddition: Bool,
    edges: inout SpanEdges?
  ) -> Bool {
    let kind: LineDiff.Kind = isAddition ? .added : .removed
    let document = isAddition ? actual : expected
    let side: WritableKeyPath<LineDiff.Row, Int> = isAddition ? \.actualLine : \.expectedLine
    let changedLines = rows[hunk].filter { $0.kind == kind }.map { $0[keyPath: side] }
    guard let first = changedLines.first else { return false }
    let matched = rows[unchanged.lowerBound][keyPath: side]
    func matches(_ line: Int, _ other: Int) -> Bool { document.line(line, matches: document, line: other) }

    let candidates = (first..<matched).filter { matches($0, matched) }
    guard !candidates.isEmpty else { return false }
    // Built once per dump, and only for a diff that needs it.
    if edges == nil { edges = SpanEdges(document) }
    let edges = edges!
    var best: (line: Int, count: Int, gain: Int)?
    for candidate in candidates {
      var count = 1
      while count < unchanged.count, candidate + count < matched, matches(candidate + count, matched + count) {
        count += 1
      }
      let window = first...(matched + count - 1)
      let before = edges.valuesCutInHalf(window) { $0 < matched }
      let after = edges.valuesCutInHalf(window) { $0 < candidate || $0 >= candidate + count }
      if before - after > (best?.gain ?? 0) { best = (candidate, count, before - after) }
    }
    guard let best else { return false }

    let otherChanged = rows[hunk].filter { $0.kind != kind }
    var rewritten: [LineDiff.Row] = []
    func changed(_ lines: Range<Int>) {
      for line in lines {
        var row = LineDiff.Row(kind: kind, expectedLine: -1, actualLine: -1)
        row[keyPath: side] = line
        rewritten.append(row)
      }
    }
    // Removed lines come before added ones, as the line diff writes them.
    if !isAddition { changed(first..<best.line) }
    rewritten += otherChanged
    if isAddition { changed(first..<best.line) }
    for offset in 0..<best.count {
      var row = rows[unchanged.lowerBound + offset]
      row[keyPath: side] = best.line + offset
      rewritten.append(row)
    }
    changed((best.line + best.count)..<(matched + best.count))
    rows.replaceSubrange(hunk.lowerBound..<(unchanged.lowerBound + best.count), with: rewritten)
    return true
  }

  /// For each line of a dump, the values (spans) that start or end there.
  private struct SpanEdges {
    let spans: [DumpLayout.Span]
    var spansAtLine: [[Int]]

    init(_ text: DumpedText) {
      spans = text.layout.spans
      spansAtLine = Array(repeating: [], count: text.lineCount)
      for (index, span) in spans.enumerated() where span.firstLine != span.lastLine {
        spansAtLine[span.firstLine].append(index)
        spansAtLine[span.lastLine].append(index)
      }
    }

    /// How many multi-line values with an end in `window` have one end changed and the other
    /// not.
    func valuesCutInHalf(_ window: ClosedRange<Int>, isChanged: (Int) -> Bool) -> Int {
      func changed(_ line: Int) -> Bool { window.contains(line) && isChanged(line) }
      var count = 0
      for line in window {
        for index in spansAtLine[line] {
          let span = spans[index]
          // Each value once: at its first line in the window.
          guard line == (window.contains(span.firstLine) ? span.firstLine : span.lastLine) else { continue }
          if changed(span.firstLine) != changed(span.lastLine) { count += 1 }
        }
      }
      return count
    }
  }

  // MARK: Sliding changes

  /// A run of only additions (or only removals) between unchanged lines can often sit at
  /// several places (`[a, b] → [a, x, b]` where the elements share lines). Move each to the
  /// place where it covers whole values: it starts where a value starts and ends where one ends.
  private mutating func slideChangesOntoValueBoundaries() {
    let expectedBoundaries = Boundaries(expected)
    let actualBoundaries = Boundaries(actual)
    var start = 0
    while start < rows.count {
      let kind = rows[start].kind
      guard kind != .unchanged else {
        start += 1
        continue
      }
      var end = start
      while end < rows.count, rows[end].kind == kind { end += 1 }
      let isPure = (start == 0 || rows[start - 1].kind == .unchanged)
        && (end == rows.count || rows[end].kind == .unchanged)
      if isPure {
        slide(start..<end, boundaries: kind == .added ? actualBoundaries : expectedBoundaries)
      }
      start = end
    }
  }

  private mutating func slide(_ hunk: Range<Int>, boundaries: Boundaries) {
    let isAddition = rows[hunk.lowerBound].kind == .added
    let document = isAddition ? actual : expected
    let changedSide: WritableKeyPath<LineDiff.Row, Int> = isAddition ? \.actualLine : \.expectedLine
    // On the changed side, the hunk and the unchanged rows around it hold consecutive lines.
    let firstLine = rows[hunk.lowerBound][keyPath: changedSide]
    let length = hunk.count
    func linesMatch(_ a: Int, _ b: Int) -> Bool { document.line(a, matches: document, line: b) }

    // How far the hunk can move: up while the line above equals the hunk's last line, down
    // while the line below equals its first.
    var up = 0
    while hunk.lowerBound - up > 0, rows[hunk.lowerBound - up - 1].kind == .unchanged,
      linesMatch(firstLine - up - 1, firstLine - up - 1 + length)
    {
      up += 1
    }
    var down = 0
    while hunk.upperBound + down < rows.count, rows[hunk.upperBound + down].kind == .unchanged,
      linesMatch(firstLine + length + down, firstLine + down)
    {
      down += 1
    }
    guard up + down > 0 else { return }

    // The best place covers whole values; on ties the last one (a removed last element reads
    // as the last one removed).
    var bestOffset = -up
    var bestScore = -1
    for offset in -up...down {
      let score = boundaries.score(firstLine + offset, firstLine + offset + length - 1)
      if score >= bestScore { (bestOffset, bestScore) = (offset, score) }
    }

    // Rewrite the window once: the unchanged rows keep their other-side lines in order, and
    // the changed-side lines are dealt out again around the hunk's new place.
    let window = (hunk.lowerBound - up)..<(hunk.upperBound + down)
    let kind = rows[hunk.lowerBound].kind
    let otherSide: WritableKeyPath<LineDiff.Row, Int> = isAddition ? \.expectedLine : \.actualLine
    let unchangedLines = rows[window].filter { $0.kind == .unchanged }.map { $0[keyPath: otherSide] }
    let before = up + bestOffset
    var rewritten: [LineDiff.Row] = []
    rewritten.reserveCapacity(window.count)
    for position in 0..<window.count {
      let changedLine = firstLine - up + position
      var row = LineDiff.Row(kind: .unchanged, expectedLine: -1, actualLine: -1)
      row[keyPath: changedSide] = changedLine
      if position >= before, position < before + length {
        row.kind = kind
      } else {
        row[keyPath: otherSide] = unchangedLines[position < before ? position : position - length]
      }
      rewritten.append(row)
    }
    rows.replaceSubrange(window, with: rewritten)
  }

  /// Where values start and end in one dump (other than the dump as a whole).
  private struct Boundaries {
    var starts: [Bool]
    var ends: [Bool]

    init(_ text: DumpedText) {
      starts = Array(repeating: false, count: text.lineCount)
      ends = Array(repeating: false, count: text.lineCount)
      for span in text.layout.spans.dropFirst() {
        starts[span.firstLine] = true
        ends[span.lastLine] = true
      }
    }

    func score(_ first: Int, _ last: Int) -> Int {
      (starts[first] ? 1 : 0) + (ends[last] ? 1 : 0)
    }
  }
}
