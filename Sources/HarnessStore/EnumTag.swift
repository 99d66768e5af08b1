/// Which case an enum value is, asked of the runtime's value witnesses: unlike `Mirror`, these
/// are never stripped (reflection metadata can be), so two cases with the same payload type are
/// told apart even when case names are missing.
enum EnumTag {
  private typealias GetEnumTag = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32

  private static func metadata(_ type: Any.Type) -> UnsafeRawPointer {
    unsafeBitCast(type, to: UnsafeRawPointer.self)
  }

  /// Whether `type` is an enum (Optional included).
  static func isEnum(_ type: Any.Type) -> Bool {
    // Metadata kinds 0x201 (enum) and 0x202 (Optional): the first word of the metadata.
    let kind = metadata(type).load(as: Int.self)
    return kind == 0x201 || kind == 0x202
  }

  /// The case index of `value` (payload cases first, in declaration order), or nil if `Value`
  /// is not an enum.
  static func tag<Value>(of value: Value) -> UInt32? {
    guard isEnum(Value.self) else { return nil }
    let metadata = metadata(Value.self)
    // The value witness table sits just before the metadata; an enum's adds `getEnumTag` after
    // the 8 common functions, size, stride, flags and extra-inhabitant count (88 bytes in).
    let witnesses = metadata.load(fromByteOffset: -MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self)
    let getEnumTag = unsafeBitCast(
      witnesses.load(fromByteOffset: 88, as: UnsafeRawPointer.self),
      to: GetEnumTag.self
    )
    return withUnsafePointer(to: value) { getEnumTag(UnsafeRawPointer($0), metadata) }
  }

  /// How many cases of the enum `type` carry a payload (they have the lowest tags).
  static func payloadCaseCount(_ type: Any.Type) -> UInt32? {
    guard isEnum(type) else { return nil }
    // The nominal type descriptor (second word) holds the count in the low 24 bits of its
    // sixth 32-bit field; it is part of the type, not of the strippable reflection metadata.
    let descriptor = metadata(type).load(fromByteOffset: MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self)
    return descriptor.load(fromByteOffset: 20, as: UInt32.self) & 0xFF_FFFF
  }

  /// The case name of `value`, if the runtime knows it (it does unless reflection is stripped).
  static func caseName<Value>(of value: Value) -> String? {
    guard isEnum(Value.self), let name = runtimeEnumCaseName(value) else { return nil }
    return String(cString: name)
  }
}

// The runtime's case-name lookup, which `print` uses; no public API exposes it.
@_silgen_name("swift_EnumCaseName")
private func runtimeEnumCaseName<Value>(_ value: Value) -> UnsafePointer<CChar>?
