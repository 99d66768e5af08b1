/// One read through a `@Dependency` property, carried by the `DependencyValues` it reads from.
@usableFromInline
final class PropertyRead: Sendable {
  /// The property, for messages.
  let access: DependencyAccess
  /// The values the property captured, consulted after the values current where it is read.
  let captured: DependencyStorage?
  /// Set when the property may keep what it reads.
  let recorder: SubscriptRecorder?

  init(access: DependencyAccess, captured: DependencyStorage?, recorder: SubscriptRecorder?) {
    self.access = access
    self.captured = captured
    self.recorder = recorder
  }
}

/// Notes what one `@Dependency` key path read got from `DependencyValues`' subscript, so the
/// property can tell a plain dependency (`\.uuid`: the dependency itself, fixed once read) from a
/// path through it (`\.date.now`: computed anew at each read), which it must not keep.
///
/// Used by one read on one thread, never shared.
final class SubscriptRecorder: @unchecked Sendable {
  private var reads = 0
  private var last: AnyValueBox?

  func record<Value: Sendable>(_ value: Value) {
    reads += 1
    last = ValueBox(value)
  }

  /// Whether the key path read exactly one dependency and gave exactly that value.
  func readExactly<Value: Sendable>(_ value: Value) -> Bool {
    guard reads == 1, let box = last as? ValueBox<Value> else { return false }
    return hasSameBits(box.value, value)
  }
}

/// Whether two values have the same representation: copies of one value do (a struct's fields,
/// a class reference, an existential's box are copied as they are).
private func hasSameBits<Value>(_ first: Value, _ second: Value) -> Bool {
  var first = first
  var second = second
  return withUnsafeBytes(of: &first) { first in
    withUnsafeBytes(of: &second) { second in first.elementsEqual(second) }
  }
}
