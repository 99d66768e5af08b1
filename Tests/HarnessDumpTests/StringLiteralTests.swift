import HarnessDump
import Testing

@Suite("StringLiteral")
struct StringLiteralTests {
  private func quoted(_ string: String) -> String {
    var bytes: [UInt8] = []
    StringLiteral.appendQuoted(string, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  private func blockLine(_ line: String) -> String {
    var bytes: [UInt8] = []
    StringLiteral.appendBlockLine(line[...], to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func escapesQuotesBackslashesAndControls() {
    #expect(quoted(#"a"b\c"#) == #""a\"b\\c""#)
    #expect(quoted("\t\r\0") == #""\t\r\0""#)
    #expect(quoted("\u{1B}[0m") == #""\u{1B}[0m""#)
  }

  @Test func keepsPrintableUnicode() {
    #expect(quoted("naïve – 日本 🇫🇷") == #""naïve – 日本 🇫🇷""#)
  }

  @Test func escapesInvisibleFormatCharacters() {
    #expect(quoted("\u{FEFF}x\u{2028}") == #""\u{FEFF}x\u{2028}""#)
  }

  @Test func blockLinesKeepSingleQuotesAndEscapeTripleQuotes() {
    #expect(blockLine(#"say "hi""#) == #"say "hi""#)
    #expect(blockLine(#"a""b"#) == #"a""b"#)
    #expect(blockLine(#"x"""y"#) == #"x\"\"\"y"#)
    #expect(blockLine(#"\"#) == #"\\"#)
  }

  @Test func multilineDetection() {
    #expect(StringLiteral.isMultiline("a\nb"))
    #expect(!StringLiteral.isMultiline("a\rb"))
  }
}
