/// A dump together with its line structure: what a diff compares.
struct DumpedText {
  let bytes: [UInt8]
  let layout: DumpLayout

  /// The dump of `value`, with nested values equal to their counterparts in `other` folded.
  /// `objects` numbers class instances across both dumps of a diff.
  init(_ value: Any, comparedWith other: Any, side: DiffSide, objects: inout ObjectRegistry) {
    var writer = DumpWriter(recordsLayout: true)
    writer.side = side
    writer.objects = objects
    writer.dump(value, name: nil, counterpart: other)
    objects = writer.objects
    bytes = writer.bytes
    layout = writer.layout
  }

  var lineCount: Int { layout.lines.count }

  /// The line's full text.
  func text(ofLine index: Int) -> ArraySlice<UInt8> {
    let line = layout.lines[index]
    return bytes[line.start..<line.end]
  }

  /// What a diff compares: the line without its array index label and separating comma, so
  /// inserting an element does not renumber (and "change") every element after it.
  func comparedParts(ofLine index: Int) -> (ArraySlice<UInt8>, ArraySlice<UInt8>) {
    let line = layout.lines[index]
    let end = line.hasSeparator ? line.end - 1 : line.end
    return (bytes[line.start..<line.labelStart], bytes[line.labelEnd..<end])
  }

  func line(_ index: Int, matches other: DumpedText, line otherIndex: Int) -> Bool {
    let (head, tail) = comparedParts(ofLine: index)
    let (otherHead, otherTail) = other.comparedParts(ofLine: otherIndex)
    guard head.count + tail.count == otherHead.count + otherTail.count else { return false }
    if head.count == otherHead.count { return head == otherHead && tail == otherTail }
    return [head, tail].joined().elementsEqual([otherHead, otherTail].joined())
  }

  /// The compared parts joined into one key, for hashing.
  func comparisonKey(ofLine index: Int) -> [UInt8] {
    let (head, tail) = comparedParts(ofLine: index)
    return Array(head) + tail
  }
}

/// Which value of a diff a dump shows.
enum DiffSide {
  case expected
  case actual
}
