/// Writes one dump into a single byte buffer: lines, indentation, containers and separators.
/// What to write for each kind of value lives in `DumpWriter+Values.swift`.
///
/// Everything goes into `bytes` as it is produced (no intermediate strings re-indented level by
/// level), which keeps a dump linear in the size of its output.
struct DumpWriter {
  var bytes: [UInt8] = []
  /// Filled only when `recordsLayout` is set (for diffs).
  private(set) var layout = DumpLayout()
  let recordsLayout: Bool
  let maxDepth: Int

  /// The indentation of the line being written, in spaces.
  var indent: Int
  var objects = ObjectRegistry()
  /// In a diff, which of the two values this dump shows; nil for a plain dump.
  var side: DiffSide?
  var kinds: [ObjectIdentifier: ValueKind] = [:]
  var customDiffableTypes: [ObjectIdentifier: Bool] = [:]
  /// How many `customDumpValue` substitutions are being followed (guards against loops).
  var substitutionDepth = 0
  /// Set while writing a value known to equal its counterpart in a diff: containers are
  /// written folded, `Type(…)`, like values beyond `maxDepth`.
  var isFolding = false

  private var lineStart = 0
  private var lineLabel: Range<Int>?
  private var lineHasSeparator = false
  private var currentSpan = -1

  init(indent: Int = 0, maxDepth: Int = .max, recordsLayout: Bool = false) {
    self.indent = max(0, indent)
    self.maxDepth = maxDepth
    self.recordsLayout = recordsLayout
  }

  /// Dumps `value` (prefixed with `name: ` when given) and finishes the output. In a diff,
  /// `counterpart` is the other value (see `Counterpart`).
  mutating func dump(_ value: Any, name: String?, counterpart: Any? = nil) {
    writeSpaces(indent)
    let root = beginSpan()
    if let name {
      write(name)
      write(": ")
    }
    writeValue(value, counterpart: Counterpart(counterpart), depth: 0, isRoot: true)
    endSpan(root)
    if recordsLayout { layout.lines.append(currentLine()) }
  }

  /// The dump of `value` alone, as bytes: used to sort dictionary keys and set elements.
  static func bytes(dumping value: Any) -> [UInt8] {
    var writer = DumpWriter()
    writer.writeValue(value, counterpart: .none, depth: 0, isRoot: false)
    return writer.bytes
  }

  // MARK: Text

  mutating func write(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  mutating func write(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  mutating func writeSpaces(_ count: Int) {
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
  }

  /// Writes text that may span lines, indenting every following line to the current indentation.
  mutating func writeIndentedText(_ text: String) {
    var isFirst = true
    for line in text.utf8.split(separator: 10, omittingEmptySubsequences: false) {
      if !isFirst {
        newline()
        if !line.isEmpty { writeSpaces(indent) }
      }
      isFirst = false
      bytes.append(contentsOf: line)
    }
  }

  mutating func newline() {
    if recordsLayout { layout.lines.append(currentLine()) }
    bytes.append(10)
    lineStart = bytes.count
    lineLabel = nil
    lineHasSeparator = false
  }

  /// Whether something (a label, an opening delimiter) precedes the current position on its line.
  var isMidLine: Bool { bytes.count - lineStart > indent }

  private func currentLine() -> DumpLayout.Line {
    DumpLayout.Line(
      start: lineStart,
      end: bytes.count,
      labelStart: lineLabel?.lowerBound ?? lineStart,
      labelEnd: lineLabel?.upperBound ?? lineStart,
      hasSeparator: lineHasSeparator
    )
  }

  // MARK: Containers

  /// How a container labels its children.
  enum ChildLabel {
    case none
    /// `name: ` (struct fields, labelled tuple and payload elements).
    case field(String)
    /// `[3]: ` (array elements; a diff ignores these so an insertion does not renumber a page).
    case index(Int)
  }

  /// An open container: children go on their own lines, separated by commas.
  ///
  ///     User(
  ///       id: 1,
  ///       name: "Blob"
  ///     )
  struct Container {
    fileprivate let outerIndent: Int
    fileprivate var childCount = 0
  }

  /// Writes `open` and starts a multi-line container. Callers handle the empty and the
  /// beyond-`maxDepth` cases (`User()`, `User(…)`) before opening one.
  mutating func openContainer(_ open: String, isCollection: Bool) -> Container {
    write(open)
    if isCollection, recordsLayout, currentSpan >= 0 {
      layout.spans[currentSpan].childrenAreElements = true
    }
    let container = Container(outerIndent: indent)
    indent += 2
    return container
  }

  /// Starts a child on a new line, writes its label, and returns its span (for `endChild`).
  mutating func beginChild(of container: inout Container, label: ChildLabel) -> Int {
    if container.childCount > 0 {
      bytes.append(UInt8(ascii: ","))
      lineHasSeparator = true
    }
    container.childCount += 1
    newline()
    writeSpaces(indent)
    let span = beginSpan()
    writeLabel(label)
    return span
  }

  mutating func endChild(_ span: Int) {
    endSpan(span)
  }

  mutating func closeContainer(_ container: Container, _ close: StaticString) {
    indent = container.outerIndent
    if container.childCount > 0 {
      newline()
      writeSpaces(indent)
    }
    write(close)
  }

  mutating func writeLabel(_ label: ChildLabel) {
    switch label {
    case .none:
      break
    case .field(let name):
      write(name)
      write(": ")
    case .index(let index):
      let start = bytes.count
      bytes.append(UInt8(ascii: "["))
      write(String(index))
      write("]: ")
      if recordsLayout { lineLabel = start..<bytes.count }
    }
  }

  // MARK: Spans

  private mutating func beginSpan() -> Int {
    guard recordsLayout else { return -1 }
    let span = layout.spans.count
    layout.spans.append(
      DumpLayout.Span(
        firstLine: layout.lines.count,
        lastLine: layout.lines.count,
        parent: currentSpan,
        childrenAreElements: false
      )
    )
    currentSpan = span
    return span
  }

  private mutating func endSpan(_ span: Int) {
    guard recordsLayout, span >= 0 else { return }
    layout.spans[span].lastLine = layout.lines.count
    currentSpan = layout.spans[span].parent
  }
}
