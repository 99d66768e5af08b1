/// The difference between two values, as a line diff of their dumps, or nil when their dumps are
/// the same.
///
/// ```swift
/// struct User { var id: Int; var name: String }
///
/// let difference = diff(User(id: 42, name: "Blob"), User(id: 42, name: "Blob, Esq."))
/// //   User(
/// //     id: 42,
/// // −   name: "Blob"
/// // +   name: "Blob, Esq."
/// //   )
/// ```
///
/// Lines of `expected` missing from `actual` start with `−`, lines added in `actual` with `+`,
/// unchanged lines with a space. Unchanged nested values are folded onto one line
/// (`address: Address(…),`), and unchanged runs of collection elements away from any change
/// collapse to `… (N unchanged)`, so a change in a large value stays a handful of lines.
/// Array indices do not count as changes: inserting an element shows one added element, not a
/// renumbered array (unchanged lines show the indices of `actual`).
///
/// Class instances are numbered across both values (`User#1`, `User#2`): an instance on both
/// sides keeps its number, two distinct instances never share one. Values of different types
/// always differ (`− 29.99 as Float`, `+ 29.99 as Double`). A type can choose what is compared
/// with ``CustomDiffable``.
public func diff<T>(_ expected: T, _ actual: T) -> String? {
  var objects = ObjectRegistry()
  let expectedText = DumpedText(expected, comparedWith: actual, side: .expected, objects: &objects)
  objects.startNextDump()
  let actualText = DumpedText(actual, comparedWith: expected, side: .actual, objects: &objects)
  guard expectedText.bytes != actualText.bytes else { return nil }
  let rows = LineDiff.rows(expectedText, actualText)
  var renderer = DiffRenderer(expected: expectedText, actual: actualText, rows: rows)
  if let rendered = renderer.render() { return rendered }
  // Only labels or separators differ (the compared parts are equal): show both dumps whole.
  var lines: [String] = []
  for index in 0..<expectedText.lineCount {
    lines.append("− " + String(decoding: expectedText.text(ofLine: index), as: UTF8.self))
  }
  for index in 0..<actualText.lineCount {
    lines.append("+ " + String(decoding: actualText.text(ofLine: index), as: UTF8.self))
  }
  return lines.joined(separator: "\n")
}
