/// The overrides of one set of dependency values: an immutable linked list of nodes, newest on
/// top, ending at ``root``.
///
/// Immutable so that a set of values can be shared by tasks and captured by `@Dependency`
/// properties without copying, and compared by identity in O(1) (the `@Dependency` fast path).
/// Setting a dependency pushes one node; nothing is ever mutated in place.
class DependencyStorage: @unchecked Sendable {
  // @unchecked: every stored property of this class and its subclasses is a `let`.

  /// The bottom of every list: no overrides, no scope. The task-local default.
  static let root = DependencyStorage(parent: nil, scope: nil, context: nil, key: nil)

  /// The values of the current task.
  @TaskLocal static var current: DependencyStorage = root

  /// The node below this one; `nil` only for ``root``.
  let parent: DependencyStorage?
  /// The nearest scope node's scope at or below this node: where default values are cached.
  let scope: DependencyScope?
  /// The nearest override of ``DependencyValues/context`` at or below this node.
  let context: DependencyContext?
  /// The key type this node overrides (`nil` for the root and scope nodes).
  let key: ObjectIdentifier?

  init(
    parent: DependencyStorage?,
    scope: DependencyScope?,
    context: DependencyContext?,
    key: ObjectIdentifier?
  ) {
    self.parent = parent
    self.scope = scope
    self.context = context
    self.key = key
  }

  /// A node that makes `scope` hold the default values of everything above it.
  static func scoped(_ scope: DependencyScope, on parent: DependencyStorage) -> DependencyStorage {
    DependencyStorage(parent: parent, scope: scope, context: parent.context, key: nil)
  }

  /// The newest override of `key` at or below this node.
  final func override(for key: ObjectIdentifier) -> OverrideNode? {
    var node = self
    while true {
      // Only override nodes carry a key, so the downcast is safe without a dynamic check.
      if node.key == key { return unsafeDowncast(node, to: OverrideNode.self) }
      guard let parent = node.parent else { return nil }
      node = parent
    }
  }

  /// This node's own contribution, placed on `parent` instead of its old parent.
  func rebased(onto parent: DependencyStorage) -> DependencyStorage {
    guard let scope else { return parent }
    // A scope node (override nodes override this method).
    return parent.scope === scope ? parent : DependencyStorage.scoped(scope, on: parent)
  }

  /// `other`'s nodes, oldest first, placed on top of this list: where both override a
  /// dependency, `other` wins.
  final func applying(_ other: DependencyStorage) -> DependencyStorage {
    var nodes: [DependencyStorage] = []
    var node: DependencyStorage? = other
    while let current = node, current !== DependencyStorage.root, current !== self {
      nodes.append(current)
      node = current.parent
    }
    var result = self
    for node in nodes.reversed() { result = node.rebased(onto: result) }
    return result
  }
}

/// One overridden dependency. Type-erased so that a list can hold any value type; the value
/// lives in the ``TypedOverrideNode`` subclass, so setting a dependency allocates once.
class OverrideNode: DependencyStorage, @unchecked Sendable {
  /// The key type (``DependencyStorage/key`` is its identifier), for messages.
  let keyType: Any.Type
  /// The `DependencyValues` property that set it (`#function` of the setter), for messages.
  let name: StaticString

  init(keyType: Any.Type, name: StaticString, parent: DependencyStorage, context: DependencyContext?) {
    self.keyType = keyType
    self.name = name
    super.init(parent: parent, scope: parent.scope, context: context, key: ObjectIdentifier(keyType))
  }

  /// The value, boxed for a ``DefaultValueCache`` (used by `prepareDependencies`).
  func makeBox() -> AnyValueBox { fatalError("implemented by TypedOverrideNode") }

  /// The name of the overridden dependency, for messages.
  var dependencyName: DependencyName { fatalError("implemented by TypedOverrideNode") }
}

/// An override of a dependency whose value type is `Value`.
final class TypedOverrideNode<Value: Sendable>: OverrideNode, @unchecked Sendable {
  let value: Value

  init(keyType: Any.Type, name: StaticString, value: Value, parent: DependencyStorage) {
    self.value = value
    // An override of the context changes which default values everything above it uses.
    let context =
      keyType == DependencyContextKey.self ? value as? DependencyContext : parent.context
    super.init(keyType: keyType, name: name, parent: parent, context: context)
  }

  override func rebased(onto parent: DependencyStorage) -> DependencyStorage {
    TypedOverrideNode(keyType: keyType, name: name, value: value, parent: parent)
  }

  override var dependencyName: DependencyName {
    DependencyName(
      property: DependencyName.property(from: name), keyType: keyType, valueType: Value.self)
  }

  override func makeBox() -> AnyValueBox { ValueBox(value) }
}
