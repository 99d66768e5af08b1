/// Which case an enum value is, asked of the runtime's value witnesses: unlike `Mirror`, these
/// are never stripped (reflection metadata can be), so two cases with the same payload type are
/// told apart even when case names are missing.
enum EnumTag {
  private typealias GetEnumTag = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32
  private typealias ProjectEnumData = @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void
  private typealias InjectEnumTag = @convention(c) (UnsafeMutableRawPointer, UInt32, UnsafeRawPointer) -> Void

  // An enum's value witness table adds three functions after the 8 common ones, size, stride,
  // flags and extra-inhabitant count: getEnumTag (88 bytes in), destructiveProjectEnumData (96)
  // and destructiveInjectEnumTag (104).
  private static func witness(_ type: Any.Type, at offset: Int) -> UnsafeRawPointer {
    metadata(type)
      .load(fromByteOffset: -MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self)
      .load(fromByteOffset: offset, as: UnsafeRawPointer.self)
  }

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
    let getEnumTag = unsafeBitCast(witness(Value.self, at: 88), to: GetEnumTag.self)
    return withUnsafePointer(to: value) { getEnumTag(UnsafeRawPointer($0), metadata(Value.self)) }
  }

  /// How many cases of the enum `type` carry a payload (they have the lowest tags).
  static func payloadCaseCount(_ type: Any.Type) -> UInt32? {
    guard isEnum(type) else { return nil }
    // The nominal type descriptor (second word) holds the count in the low 24 bits of its
    // sixth 32-bit field; it is part of the type, not of the strippable reflection metadata.
    let descriptor = metadata(type).load(fromByteOffset: MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self)
    return descriptor.load(fromByteOffset: 20, as: UInt32.self) & 0xFF_FFFF
  }

  /// Whether the payload case with `tag` is `indirect` (boxed), read from the enum's field
  /// records; nil when the runtime has none (reflection metadata stripped).
  static func isIndirect(tag: UInt32, of type: Any.Type) -> Bool? {
    guard isEnum(type) else { return nil }
    let descriptor = metadata(type).load(fromByteOffset: MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self)
    // Field descriptor: a relative pointer 16 bytes into the enum's descriptor.
    let fieldsOffset = descriptor.load(fromByteOffset: 16, as: Int32.self)
    guard fieldsOffset != 0 else { return nil }
    let fields = descriptor.advanced(by: 16 + Int(fieldsOffset))
    let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
    let count = Int(fields.load(fromByteOffset: 12, as: UInt32.self))
    // Records are in declaration order; tags number the payload cases first, in that order.
    var payloadIndex: UInt32 = 0
    for index in 0..<count {
      let record = fields.advanced(by: 16 + index * recordSize)
      guard record.load(fromByteOffset: 4, as: Int32.self) != 0 else { continue }
      if payloadIndex == tag { return record.load(as: UInt32.self) & 0x1 != 0 }
      payloadIndex += 1
    }
    return nil
  }

  /// The payload of `value`, whose case is `tag` with a payload of exactly type `Payload`
  /// (boxed when `indirect`). The caller must know both: nothing is checked here.
  static func payload<Value, Payload>(of value: Value, tag: UInt32, indirect: Bool, as _: Payload.Type) -> Payload {
    var copy = value
    return withUnsafeMutablePointer(to: &copy) { pointer in
      let raw = UnsafeMutableRawPointer(pointer)
      let metadata = metadata(Value.self)
      unsafeBitCast(witness(Value.self, at: 96), to: ProjectEnumData.self)(raw, metadata)
      // Put the tag back, so the copy is a valid value again when it is destroyed.
      defer { unsafeBitCast(witness(Value.self, at: 104), to: InjectEnumTag.self)(raw, tag, metadata) }
      guard indirect else { return raw.load(as: Payload.self) }
      // A box: a heap object header (two words), then the payload at its alignment.
      let box = raw.load(as: UnsafeRawPointer.self)
      let alignment = MemoryLayout<Payload>.alignment
      let header = 2 * MemoryLayout<UnsafeRawPointer>.size
      return box.load(fromByteOffset: (header + alignment - 1) / alignment * alignment, as: Payload.self)
    }
  }

  /// Whether values of `stored` can be read as `Payload` bit for bit: the same type, or tuples
  /// of the same element types (labels aside).
  static func sameLayout(_ stored: Any.Type, _ payload: Any.Type) -> Bool {
    if stored == payload { return true }
    let tupleKind = 0x301
    let lhs = metadata(stored)
    let rhs = metadata(payload)
    guard lhs.load(as: Int.self) == tupleKind, rhs.load(as: Int.self) == tupleKind else { return false }
    let count = lhs.load(fromByteOffset: 8, as: Int.self)
    guard count == rhs.load(fromByteOffset: 8, as: Int.self) else { return false }
    // Elements follow the count and the labels: (type, offset) pairs of two words each.
    for index in 0..<count {
      let offset = 24 + index * 16
      guard
        lhs.load(fromByteOffset: offset, as: UnsafeRawPointer.self) == rhs.load(fromByteOffset: offset, as: UnsafeRawPointer.self)
      else { return false }
    }
    return true
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
