import Foundation
import HarnessDump
import Testing

@Suite("BuiltinFormat")
struct BuiltinFormatTests {
  @Test func datesAreISO8601InUTC() {
    #expect(BuiltinFormat.iso8601(Date(timeIntervalSince1970: 1_700_000_000)) == "2023-11-14T22:13:20Z")
    #expect(BuiltinFormat.iso8601(Date(timeIntervalSinceReferenceDate: 0)) == "2001-01-01T00:00:00Z")
    #expect(BuiltinFormat.iso8601(Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00Z")
  }

  @Test func fractionalSecondsOnlyWhenPresent() {
    #expect(BuiltinFormat.iso8601(Date(timeIntervalSince1970: 0.25)) == "1970-01-01T00:00:00.250Z")
    #expect(BuiltinFormat.iso8601(Date(timeIntervalSince1970: 0.1)) == "1970-01-01T00:00:00.100Z")
    #expect(BuiltinFormat.iso8601(Date(timeIntervalSince1970: 1.000_001)) == "1970-01-01T00:00:01.000001Z")
  }

  @Test func datesBefore1970() {
    #expect(BuiltinFormat.iso8601(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
    #expect(BuiltinFormat.iso8601(Date(timeIntervalSince1970: -0.5)) == "1969-12-31T23:59:59.500Z")
    #expect(BuiltinFormat.iso8601(Date(timeIntervalSince1970: -62_135_596_800)) == "0001-01-01T00:00:00Z")
  }

  @Test func durationsUseTheLargestExactUnit() {
    #expect(BuiltinFormat.duration(.seconds(6)) == "Duration.seconds(6)")
    #expect(BuiltinFormat.duration(.seconds(0)) == "Duration.seconds(0)")
    #expect(BuiltinFormat.duration(.milliseconds(1500)) == "Duration.milliseconds(1500)")
    #expect(BuiltinFormat.duration(.milliseconds(-250)) == "Duration.milliseconds(-250)")
    #expect(BuiltinFormat.duration(.seconds(-2)) == "Duration.seconds(-2)")
    #expect(BuiltinFormat.duration(.nanoseconds(1)) == "Duration.nanoseconds(1)")
    #expect(
      BuiltinFormat.duration(Duration(secondsComponent: 0, attosecondsComponent: 5))
        == "Duration(attoseconds: 5)"
    )
  }

  @Test func computedKeyPathComponentsHaveNoAddress() {
    let text = String(customDumping: \String.computedForTest)
    #expect(!text.contains("0x"))
    #expect(text.hasPrefix(#"\String."#))
  }

  @Test func objectIdentifiersAreNumberedNotAddressed() {
    final class Thing {}
    let a = Thing(), b = Thing()
    let ids = [ObjectIdentifier(a), ObjectIdentifier(b), ObjectIdentifier(a)]
    #expect(
      String(customDumping: ids) == """
        [
          [0]: ObjectIdentifier(#1),
          [1]: ObjectIdentifier(#2),
          [2]: ObjectIdentifier(#1)
        ]
        """
    )
  }
}

extension String {
  fileprivate var computedForTest: Int { count }
}

@Suite("customDump of pointers")
struct PointerDumpTests {
  @Test func pointersAreNumberedNotAddressed() {
    let first = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    let second = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    defer {
      first.deallocate()
      second.deallocate()
    }
    struct Buffers {
      var a: UnsafeMutablePointer<Int>
      var b: UnsafeRawPointer
      var c: UnsafeMutablePointer<Int>?
    }
    #expect(
      String(customDumping: Buffers(a: first, b: UnsafeRawPointer(second), c: first)) == """
        Buffers(
          a: UnsafeMutablePointer(#1),
          b: UnsafeRawPointer(#2),
          c: UnsafeMutablePointer(#1)
        )
        """
    )
    #expect(String(customDumping: OpaquePointer(first)) == "OpaquePointer(#1)")
    #expect(diff(first, first) == nil)
    #expect(diff(first, second) == "− UnsafeMutablePointer(#1)\n+ UnsafeMutablePointer(#2)")
  }
}
