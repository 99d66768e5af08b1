/// The name of an enum case without associated values.
enum EnumCase {
  static func name(of value: Any) -> String {
    // `String(describing:)` prints the case name unless the type supplies its own description;
    // only then ask the runtime, which always knows the name.
    let valueType = type(of: value)
    if !(valueType is any CustomStringConvertible.Type),
      !(valueType is any CustomDebugStringConvertible.Type),
      !(valueType is any TextOutputStreamable.Type)
    {
      return String(describing: value)
    }
    return runtimeName(of: value)
  }

  private static func runtimeName<Value>(of value: Value) -> String {
    guard let name = swiftEnumCaseName(value) else { return "@unknown" }
    return String(cString: name)
  }
}

// The Swift runtime's own case-name lookup (what `print` uses for enums without a description).
// There is no public API for it: `String(describing:)` defers to `CustomStringConvertible`.
@_silgen_name("swift_EnumCaseName")
private func swiftEnumCaseName<Value>(_ value: Value) -> UnsafePointer<CChar>?
