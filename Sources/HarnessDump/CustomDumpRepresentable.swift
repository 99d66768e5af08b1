/// A type that is dumped as another value.
///
/// Useful for wrappers that should disappear from dumps:
///
/// ```swift
/// struct UserID: CustomDumpRepresentable {
///   var rawValue: Int
///   var customDumpValue: Any { rawValue }
/// }
/// String(customDumping: UserID(rawValue: 42))  // 42
/// ```
///
/// Returning a value of the same type dumps its stored properties instead (no endless loop).
public protocol CustomDumpRepresentable {
  /// The value dumped in place of this one.
  var customDumpValue: Any { get }
}
