/// A type that chooses which children appear in its dump.
///
/// The mirror's children are dumped in order; its `displayStyle` picks the layout (`.struct`
/// when nil). Use it to hide private storage or to show computed properties:
///
/// ```swift
/// struct Token: CustomDumpReflectable {
///   var value: String
///   var expiry: Date
///   var customDumpMirror: Mirror {
///     Mirror(self, children: ["expiry": expiry], displayStyle: .struct)  // hides the secret
///   }
/// }
/// ```
public protocol CustomDumpReflectable {
  /// The mirror whose children are dumped instead of the value's stored properties.
  var customDumpMirror: Mirror { get }
}
