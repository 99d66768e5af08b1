/// A type that writes its own text in dumps.
///
/// The description is used as is (multi-line descriptions are indented to fit), and nothing
/// inside the value is visited. Use it for values whose fields are noise, or that already have a
/// canonical spelling:
///
/// ```swift
/// struct Money: CustomDumpStringConvertible {
///   var cents: Int
///   var customDumpDescription: String { "$\(cents / 100).\(cents % 100)" }
/// }
/// String(customDumping: Money(cents: 1250))  // $12.50
/// ```
public protocol CustomDumpStringConvertible {
  /// The text written for this value.
  var customDumpDescription: String { get }
}
