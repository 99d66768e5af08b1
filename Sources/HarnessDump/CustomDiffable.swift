/// A type that chooses what a diff compares when it meets two values of its type.
///
/// Wherever a diff finds a value of this type on both sides (the compared values themselves,
/// or the same place inside both), it asks ``customDiffValues(expected:actual:)`` and dumps
/// the two values it returns instead. Plain dumps (``customDump(_:to:name:indent:maxDepth:)``)
/// are not affected.
///
/// The case it is made for: a reference that remembers its last asserted value. Both sides of
/// the diff hold the same instance, so their dumps would be identical; the hook shows what
/// changed since (swift-custom-dump's `_CustomDiffObject` idea):
///
/// ```swift
/// final class Tracked<Value>: CustomDiffable {
///   var snapshot: Value  // the value at the last assertion
///   var value: Value
///   init(_ value: Value) { (snapshot, self.value) = (value, value) }
///
///   static func customDiffValues(expected: Tracked, actual: Tracked) -> (expected: Any, actual: Any)? {
///     expected === actual ? (expected.snapshot, actual.value) : nil
///   }
/// }
/// ```
///
/// It also lets a value leave out what a comparison should ignore (a timestamp, a cache).
/// A class must be `final` to conform, since the requirement takes `Self`.
public protocol CustomDiffable {
  /// The values a diff shows for `expected` and `actual`, or nil to diff them as usual.
  static func customDiffValues(expected: Self, actual: Self) -> (expected: Any, actual: Any)?
}

extension CustomDiffable {
  /// ``customDiffValues(expected:actual:)`` for values seen as `Any`.
  static func diffValues(expected: Any, actual: Any) -> (expected: Any, actual: Any)? {
    guard let expected = expected as? Self, let actual = actual as? Self else { return nil }
    return customDiffValues(expected: expected, actual: actual)
  }
}
