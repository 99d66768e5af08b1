/// How strings appear in dumps: as Swift string literals a reader could paste back into code.
///
/// One-line strings are quoted with `"`, with `\\`, `\"`, `\t`, `\r`, `\0` and invisible
/// characters (controls, bidirectional and other format characters, line separators) escaped as
/// `\u{…}`. Strings containing a newline become a multi-line literal (`"""` block) whose lines
/// are indented to match the surrounding dump.
package enum StringLiteral {
  /// Whether `string` needs a `"""` block.
  package static func isMultiline(_ string: String) -> Bool {
    string.utf8.contains(10)
  }

  /// Appends `"…"` for a string without newlines.
  package static func appendQuoted(_ string: String, to bytes: inout [UInt8]) {
    bytes.append(quote)
    if needsEscaping(string) {
      for scalar in string.unicodeScalars { appendEscaped(scalar, inMultilineBlock: false, to: &bytes) }
    } else {
      bytes.append(contentsOf: string.utf8)
    }
    bytes.append(quote)
  }

  /// Appends one line of a `"""` block's content (without indentation or newline).
  package static func appendBlockLine(_ line: Substring, to bytes: inout [UInt8]) {
    let scalars = line.unicodeScalars
    var index = scalars.startIndex
    var quotesLeftInRun = 0
    var escapesRun = false
    while index < scalars.endIndex {
      let scalar = scalars[index]
      if scalar == "\"" {
        if quotesLeftInRun == 0 {
          quotesLeftInRun = countQuotes(in: scalars[index...])
          // Three quotes in a row would end the literal: escape every quote of such a run.
          escapesRun = quotesLeftInRun >= 3
        }
        if escapesRun { bytes.append(backslash) }
        bytes.append(quote)
        quotesLeftInRun -= 1
      } else {
        appendEscaped(scalar, inMultilineBlock: true, to: &bytes)
      }
      index = scalars.index(after: index)
    }
  }

  private static let quote = UInt8(ascii: "\"")
  private static let backslash = UInt8(ascii: "\\")

  private static func countQuotes(in scalars: Substring.UnicodeScalarView.SubSequence) -> Int {
    var count = 0
    for scalar in scalars {
      guard scalar == "\"" else { break }
      count += 1
    }
    return count
  }

  /// A fast scan of the UTF-8 bytes: most strings need no escaping at all.
  private static func needsEscaping(_ string: String) -> Bool {
    for byte in string.utf8 {
      if byte < 0x20 || byte == 0x7F || byte == quote || byte == backslash { return true }
      if byte >= 0x80 { return needsEscapingScalars(string) }
    }
    return false
  }

  private static func needsEscapingScalars(_ string: String) -> Bool {
    string.unicodeScalars.contains { escape(for: $0, inMultilineBlock: false) != nil }
  }

  private static func appendEscaped(
    _ scalar: Unicode.Scalar,
    inMultilineBlock: Bool,
    to bytes: inout [UInt8]
  ) {
    if let escaped = escape(for: scalar, inMultilineBlock: inMultilineBlock) {
      bytes.append(contentsOf: escaped.utf8)
    } else {
      bytes.append(contentsOf: String(scalar).utf8)
    }
  }

  /// The escape sequence for `scalar`, or nil when it stands for itself.
  private static func escape(for scalar: Unicode.Scalar, inMultilineBlock: Bool) -> String? {
    switch scalar {
    case "\\": return "\\\\"
    case "\"": return inMultilineBlock ? nil : "\\\""
    case "\t": return "\\t"
    case "\r": return "\\r"
    case "\n": return "\\n"
    case "\0": return "\\0"
    case "\u{200D}": return nil  // zero-width joiner: part of emoji sequences, leave it be
    default: break
    }
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator:
      return "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    default:
      return nil
    }
  }
}
