/// The overrides of one set of dependency values: an immutable linked list of nodes, newest on
/// top, ending at ``root``.
///
/// Immutable so that a set of values can be shared by tasks and captured by `@Dependency`
/// properties without copying, and compared by identity in O(1) (the `@Dependency` fast path).
/// Setting a dependency pushes one node; nothing is ever mutated in place. Nodes are kept as
/// small as possible because `withDependencies` allocates one per override: what is only needed
/// when a default value is looked up (the scope, an overridden context) is found by walking down.
@usableFromInline
class DependencyStorage: @unchecked Sendable {
  // @unchecked: every stored property of this class and its subclasses is a `let`.

  /// The bottom of every list: no overrides, no scope. The task-local default.
  @usableFromInline static let root = DependencyStorage(parent: nil, key: nil)

  /// The values of the current task (a plain `TaskLocal` rather than the `@TaskLocal` wrapper so
  /// that inlinable code can bind it).
  @usableFromInline static let local = TaskLocal(wrappedValue: root)

  /// The values of the current task.
  @inlinable static var current: DependencyStorage { local.get() }

  /// The node below this one; `nil` only for ``root``.
  @usableFromInline let parent: DependencyStorage?
  /// The key type this node overrides (`nil` for the root and scope nodes).
  @usableFromInline let key: ObjectIdentifier?

  @usableFromInline
  init(parent: DependencyStorage?, key: ObjectIdentifier?) {
    self.parent = parent
    self.key = key
  }

  /// A node that makes `scope` hold the default values of everything above it.
  static func scoped(_ scope: DependencyScope, on parent: DependencyStorage) -> DependencyStorage {
    ScopeNode(scope: scope, parent: parent)
  }

  /// The newest override of `key` at or below this node.
  @usableFromInline
  final func override(for key: ObjectIdentifier) -> OverrideNode? {
    var node = self
    while true {
      // Only override nodes carry a key, so the downcast is safe without a dynamic check.
      if node.key == key { return unsafeDowncast(node, to: OverrideNode.self) }
      guard let parent = node.parent else { return nil }
      node = parent
    }
  }

  /// The scope of the nearest scope node at or below this node.
  @usableFromInline
  final var scope: DependencyScope? {
    var node = self
    // Scope nodes are the only nodes with a parent but no key.
    while let parent = node.parent {
      if node.key == nil { return unsafeDowncast(node, to: ScopeNode.self).ownScope }
      node = parent
    }
    return nil
  }

  /// The nearest override of ``DependencyValues/context`` at or below this node.
  final var context: DependencyContext? {
    guard let node = override(for: ObjectIdentifier(DependencyContextKey.self)) else { return nil }
    return unsafeDowncast(node, to: TypedOverrideNode<DependencyContext>.self).value
  }

  /// This node's own contribution, placed on `parent` instead of its old parent.
  func rebased(onto parent: DependencyStorage) -> DependencyStorage { parent }

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

/// Marks where a ``DependencyScope`` begins: default values read above it are cached there.
final class ScopeNode: DependencyStorage, @unchecked Sendable {
  let ownScope: DependencyScope

  init(scope: DependencyScope, parent: DependencyStorage) {
    self.ownScope = scope
    super.init(parent: parent, key: nil)
  }

  override func rebased(onto parent: DependencyStorage) -> DependencyStorage {
    parent.scope === ownScope ? parent : ScopeNode(scope: ownScope, parent: parent)
  }
}

/// One overridden dependency. Type-erased so that a list can hold any value type; the value
/// lives in the ``TypedOverrideNode`` subclass, so setting a dependency allocates once.
@usableFromInline
class OverrideNode: DependencyStorage, @unchecked Sendable {
  /// The key type (``DependencyStorage/key`` is its identifier), for messages.
  @usableFromInline let keyType: Any.Type
  /// The `DependencyValues` property that set it (`#function` of the setter), for messages.
  @usableFromInline let name: StaticString

  @usableFromInline
  init(keyType: Any.Type, name: StaticString, parent: DependencyStorage) {
    self.keyType = keyType
    self.name = name
    super.init(parent: parent, key: ObjectIdentifier(keyType))
  }

  /// The value, boxed for a ``DefaultValueCache`` (used by `prepareDependencies`).
  func makeBox() -> AnyValueBox { fatalError("implemented by TypedOverrideNode") }

  /// The name of the overridden dependency, for messages.
  var dependencyName: DependencyName { fatalError("implemented by TypedOverrideNode") }
}

/// An override of a dependency whose value type is `Value`.
@usableFromInline
final class TypedOverrideNode<Value: Sendable>: OverrideNode, @unchecked Sendable {
  @usableFromInline let value: Value

  // Inlinable: `withDependencies` allocates one per override, specialized for `Value`.
  @inlinable
  init(keyType: Any.Type, name: StaticString, value: Value, parent: DependencyStorage) {
    self.value = value
    super.init(keyType: keyType, name: name, parent: parent)
  }

  override func rebased(onto parent: DependencyStorage) -> DependencyStorage {
    TypedOverrideNode(keyType: keyType, name: name, value: value, parent: parent)
  }

  override func makeBox() -> AnyValueBox { ValueBox(value) }

  override var dependencyName: DependencyName {
    DependencyName(
      property: DependencyName.property(from: name), keyType: keyType, valueType: Value.self)
  }
}
