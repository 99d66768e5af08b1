/// The line structure of a dump, recorded while writing it so a diff can tell lines and values
/// apart: which part of a line is an array index label, which trailing comma is a separator, and
/// which lines hold which nested value.
struct DumpLayout {
  struct Line {
    /// Byte offsets of the line in the dump (without its newline).
    var start: Int
    var end: Int
    /// The `[12]: ` index label of an array element, if the line starts one (empty otherwise).
    var labelStart: Int
    var labelEnd: Int
    /// Whether the line ends with a `,` separating it from the next sibling.
    var hasSeparator: Bool
  }

  /// The lines of one value: the whole dump, or one child (a field, an element, an entry).
  struct Span {
    var firstLine: Int
    var lastLine: Int
    /// The enclosing span, or -1 for the whole dump.
    var parent: Int
    /// Whether the value is a collection, whose children are elements (not named fields).
    var childrenAreElements: Bool
  }

  var lines: [Line] = []
  /// In pre-order: a span comes before the spans nested in it.
  var spans: [Span] = []
}
