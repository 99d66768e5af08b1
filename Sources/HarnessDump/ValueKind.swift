import Foundation

/// How a dump writes values of one type. Decided once per type from the type alone (a value
/// check would see through optionals: `Optional(5) as Any is Int` is true), then cached.
enum ValueKind {
  case optional
  case metatype
  case customDescription
  case representable
  case reflectable
  case string
  case int
  case double
  case bool
  /// Other numbers (`Decimal`, `NSNumber` too): their `description` is their dump.
  case described
  /// `Substring`, `Character`, `Unicode.Scalar`, `StaticString`, `NSString`: quoted like strings.
  case stringLike
  case builtin(BuiltinFormat)
  /// Foundation reference types dumped as the Swift value they bridge to.
  case bridged(FoundationBridge)
  case anyHashable
  /// `Range`, `ClosedRange`: `1..<4`.
  case range
  /// SIMD vectors: `SIMD4<Float>(1.0, 2.0, 4.0, 8.0)`.
  case simd
  /// Pointers: `UnsafeMutablePointer(#1)`, numbered, never an address.
  case pointer
  case array
  case unordered
  case mirror

  static func of(_ type: Any.Type, sample value: Any) -> ValueKind {
    if type is any OptionalDumpable.Type { return .optional }
    if value is Any.Type { return .metatype }
    if type is any CustomDumpStringConvertible.Type { return .customDescription }
    if type is any CustomDumpRepresentable.Type { return .representable }
    if type is any CustomDumpReflectable.Type { return .reflectable }
    if type == String.self { return .string }
    if type == Int.self { return .int }
    if type == Double.self { return .double }
    if type == Bool.self { return .bool }
    if type == Substring.self || type == Character.self || type == Unicode.Scalar.self
      || type == StaticString.self || type is NSString.Type
    {
      return .stringLike
    }
    if type is any BinaryInteger.Type || type is any FloatingPoint.Type || type == Decimal.self
      || type is NSNumber.Type
    {
      return .described
    }
    if let format = BuiltinFormat(for: type) { return .builtin(format) }
    if let bridge = FoundationBridge(for: type) { return .bridged(bridge) }
    if type == AnyHashable.self { return .anyHashable }
    if type is any RangeDumpable.Type { return .range }
    if type is any SIMDDumpable.Type { return .simd }
    if type is any PointerDumpable.Type { return .pointer }
    if type is any ArrayDumpable.Type { return .array }
    if type is any UnorderedDumpable.Type { return .unordered }
    return .mirror
  }
}
