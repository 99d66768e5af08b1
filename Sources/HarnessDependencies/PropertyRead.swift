/// One read through a `@Dependency` property, carried by the `DependencyValues` it reads from.
///
/// When the property may keep what it reads, it also notes what `DependencyValues`' subscript
/// returned, so the property can tell a plain dependency (`\.uuid`: the dependency itself, fixed
/// once read) from a path through it (`\.date.now`: computed anew at each read), which it must
/// not keep.
@usableFromInline
final class PropertyRead: @unchecked Sendable {
  // @unchecked: made for one read on one thread and dropped after it; only that read writes
  // `reads` and `lastRead`.

  /// The property, for messages.
  @usableFromInline let access: DependencyAccess
  /// The values the property captured, consulted after the values current where it is read.
  @usableFromInline let captured: DependencyStorage?
  /// Whether to note what the subscript returns.
  @usableFromInline let records: Bool
  @usableFromInline var reads = 0
  @usableFromInline var lastRead: AnyValueBox?
  /// The key of the last noted read.
  @usableFromInline var lastKey: ObjectIdentifier?

  @usableFromInline
  init(access: DependencyAccess, captured: DependencyStorage?, records: Bool) {
    self.access = access
    self.captured = captured
    self.records = records
  }

  /// Notes a value the subscript returned.
  @inlinable
  func record<Value: Sendable>(_ value: Value, key: ObjectIdentifier) {
    guard records else { return }
    reads += 1
    lastRead = ValueBox(value)
    lastKey = key
  }

  /// The box of `value`, if the key path read exactly one dependency and gave exactly its value.
  @inlinable
  func exactBox<Value: Sendable>(of value: Value) -> ValueBox<Value>? {
    guard reads == 1, let box = lastRead as? ValueBox<Value>, hasSameBits(box.value, value)
    else { return nil }
    return box
  }
}

/// Whether two values have the same representation: copies of one value do (a struct's fields,
/// a class reference, an existential's box are copied as they are).
@inlinable
func hasSameBits<Value>(_ first: Value, _ second: Value) -> Bool {
  var first = first
  var second = second
  return withUnsafeBytes(of: &first) { first in
    withUnsafeBytes(of: &second) { second in first.elementsEqual(second) }
  }
}
