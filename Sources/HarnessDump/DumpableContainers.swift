/// Internal views of the standard containers, so a dump reads them without building a `Mirror`
/// and knows which of them have no inherent order (and must be sorted to be deterministic).

protocol OptionalDumpable {
  /// The wrapped value, or nil.
  var dumpWrapped: Any? { get }
}

extension Optional: OptionalDumpable {
  var dumpWrapped: Any? { map { $0 } }
}

protocol ArrayDumpable {
  var dumpIsEmpty: Bool { get }
  func forEachDumpElement(_ body: (Any) -> Void)
  var dumpElements: [Any] { get }
}

extension Array: ArrayDumpable {
  var dumpIsEmpty: Bool { isEmpty }
  func forEachDumpElement(_ body: (Any) -> Void) {
    for element in self { body(element) }
  }
  var dumpElements: [Any] { map { $0 } }
}

extension ContiguousArray: ArrayDumpable {
  var dumpIsEmpty: Bool { isEmpty }
  func forEachDumpElement(_ body: (Any) -> Void) {
    for element in self { body(element) }
  }
  var dumpElements: [Any] { map { $0 } }
}

extension ArraySlice: ArrayDumpable {
  var dumpIsEmpty: Bool { isEmpty }
  func forEachDumpElement(_ body: (Any) -> Void) {
    for element in self { body(element) }
  }
  var dumpElements: [Any] { map { $0 } }
}

/// A collection whose iteration order is its hash order: dumps sort its elements.
protocol UnorderedDumpable {
  /// How the collection opens and closes; whether its entries have values.
  static var dumpDelimiters: UnorderedDelimiters { get }
  var dumpIsEmpty: Bool { get }
  /// The elements (as keys), or the dictionary's entries, in iteration order.
  var dumpEntries: [(key: Any, value: Any)] { get }
  /// The value for a key of another collection of the same type (dictionaries only).
  func dumpValue(forKey key: Any) -> Any?
}

extension Dictionary: UnorderedDumpable {
  static var dumpDelimiters: UnorderedDelimiters { .dictionary }
  var dumpIsEmpty: Bool { isEmpty }
  var dumpEntries: [(key: Any, value: Any)] { map { ($0.key as Any, $0.value as Any) } }
  func dumpValue(forKey key: Any) -> Any? {
    guard let key = key as? Key, let value = self[key] else { return nil }
    return value as Any
  }
}

extension Set: UnorderedDumpable {
  static var dumpDelimiters: UnorderedDelimiters { .set }
  var dumpIsEmpty: Bool { isEmpty }
  var dumpEntries: [(key: Any, value: Any)] { map { ($0 as Any, () as Any) } }
  func dumpValue(forKey key: Any) -> Any? { nil }
}

/// The text around an unordered collection's entries.
struct UnorderedDelimiters {
  /// Entries are `key: value` (dictionaries), or elements alone (sets).
  let hasValues: Bool
  let open: String
  let close: StaticString
  /// The whole text of an empty collection.
  let empty: StaticString
  /// The whole text of a collection folded beyond `maxDepth`.
  let folded: StaticString

  static let dictionary = UnorderedDelimiters(hasValues: true, open: "[", close: "]", empty: "[:]", folded: "[…]")
  static let set = UnorderedDelimiters(hasValues: false, open: "Set([", close: "])", empty: "Set([])", folded: "Set([…])")
  static let countedSet = UnorderedDelimiters(
    hasValues: true, open: "NSCountedSet([", close: "])", empty: "NSCountedSet([:])", folded: "NSCountedSet([…])"
  )
}

/// `Range` and `ClosedRange`, dumped as `1..<4` and `1...3`.
protocol RangeDumpable {
  static var dumpOperator: StaticString { get }
  var dumpBounds: (lower: Any, upper: Any) { get }
}

extension Range: RangeDumpable {
  static var dumpOperator: StaticString { "..<" }
  var dumpBounds: (lower: Any, upper: Any) { (lowerBound, upperBound) }
}

extension ClosedRange: RangeDumpable {
  static var dumpOperator: StaticString { "..." }
  var dumpBounds: (lower: Any, upper: Any) { (lowerBound, upperBound) }
}

/// SIMD vectors, dumped as `SIMD4<Float>(1.0, 2.0, 4.0, 8.0)`.
protocol SIMDDumpable {
  var dumpScalars: [Any] { get }
}

extension SIMD {
  var dumpScalars: [Any] { indices.map { self[$0] } }
}

extension SIMD2: SIMDDumpable {}
extension SIMD3: SIMDDumpable {}
extension SIMD4: SIMDDumpable {}
extension SIMD8: SIMDDumpable {}
extension SIMD16: SIMDDumpable {}
extension SIMD32: SIMDDumpable {}
extension SIMD64: SIMDDumpable {}

/// Pointers, dumped as `UnsafeMutablePointer(#1)`: numbered by first appearance, like
/// `ObjectIdentifier`, never as an address.
protocol PointerDumpable {
  var dumpAddress: UInt { get }
}

extension UnsafePointer: PointerDumpable {
  var dumpAddress: UInt { UInt(bitPattern: self) }
}

extension UnsafeMutablePointer: PointerDumpable {
  var dumpAddress: UInt { UInt(bitPattern: self) }
}

extension UnsafeRawPointer: PointerDumpable {
  var dumpAddress: UInt { UInt(bitPattern: self) }
}

extension UnsafeMutableRawPointer: PointerDumpable {
  var dumpAddress: UInt { UInt(bitPattern: self) }
}

extension OpaquePointer: PointerDumpable {
  var dumpAddress: UInt { UInt(bitPattern: Int(bitPattern: self)) }
}
