/// The overrides of one set of dependency values: an immutable linked list of nodes, newest on
/// top. No nodes (``root``) means no overrides and no scope: every dependency has its default.
///
/// Immutable so that a set of values can be shared by tasks and captured by `@Dependency`
/// properties without copying, and compared by identity in O(1) (the `@Dependency` fast path).
/// Setting a dependency pushes one node; nothing is ever mutated in place. Nodes are kept as
/// small as possible because `withDependencies` allocates one per override: what is only needed
/// when a default value is looked up (the scope, an overridden context) is found by walking down.
///
/// The empty list is `nil`, not a shared sentinel node: a scope opened at the top level then
/// retains and releases no shared object (an atomic operation each), and its node's teardown
/// has no parent to release (about a tenth of a top-level `withDependencies` scope's cost).
@usableFromInline
struct DependencyStorage: Sendable {
  /// The newest node; `nil` when nothing is overridden.
  @usableFromInline var top: DependencyNode?

  @inlinable init(top: DependencyNode?) { self.top = top }

  /// No overrides, no scope: the task-local default.
  @inlinable static var root: DependencyStorage { DependencyStorage(top: nil) }

  /// The values of the current task (a plain `TaskLocal` rather than the `@TaskLocal` wrapper so
  /// that inlinable code can bind it).
  @usableFromInline static let local = TaskLocal(wrappedValue: root)

  /// The values of the current task. (What `local.get()` returns, without its unspecialized
  /// copy: the binding keeps the node alive while it is retained here.)
  @inlinable static var current: DependencyStorage {
    guard let address = currentTopAddress else { return root }
    return DependencyStorage(top: Unmanaged<DependencyNode>.fromOpaque(address).takeUnretainedValue())
  }

  /// The address of the current task's newest node (`nil`: nothing overridden), for identity
  /// comparisons only: the node is not retained. Read from the runtime's task-local storage
  /// directly, which spares `TaskLocal.get`'s unspecialized copy of the value and the retain and
  /// release of the node that copy makes (the `@Dependency` read's hit path).
  @inlinable static var currentTopAddress: UnsafeRawPointer? {
    guard let slot = taskLocalValue(key: UnsafeRawPointer(Unmanaged.passUnretained(local).toOpaque()))
    else { return nil }
    // The slot holds a `DependencyStorage`: one optional reference, a pointer or zero.
    return slot.load(as: UnsafeRawPointer?.self)
  }

  /// The address of the newest node, comparable with ``currentTopAddress``.
  var topAddress: UnsafeRawPointer? {
    top.map { UnsafeRawPointer(Unmanaged.passUnretained($0).toOpaque()) }
  }

  /// Whether nothing is overridden here.
  @inlinable var isRoot: Bool { top == nil }

  /// Whether these values may lie inside a usage-tracked scope (`.dependencyUsage`): only then
  /// does `withDependencies` note its overrides. A field of the top node, so that scopes outside
  /// tracked tests pay one load of memory they read anyway, not a global atomic.
  @inlinable var mayTrackUsage: Bool { top?.mayTrackUsage ?? false }

  /// Whether both are the very same list (O(1)).
  @inlinable func isIdentical(to other: DependencyStorage) -> Bool { top === other.top }

  /// These values with `scope` holding the default values of everything read through them.
  static func scoped(_ scope: DependencyScope, on parent: DependencyStorage) -> DependencyStorage {
    DependencyStorage(top: ScopeNode(scope: scope, parent: parent.top))
  }

  /// The newest override of `key`.
  @inlinable
  func override(for key: ObjectIdentifier) -> OverrideNode? {
    var node = top
    while let current = node {
      // Only override nodes carry a key, so the downcast is safe without a dynamic check.
      if current.key == key { return unsafeDowncast(current, to: OverrideNode.self) }
      node = current.parent
    }
    return nil
  }

  /// The newest scope node.
  func scopeNode() -> ScopeNode? {
    var node = top
    while let current = node {
      // Scope nodes are the only nodes without a key.
      if current.key == nil { return unsafeDowncast(current, to: ScopeNode.self) }
      node = current.parent
    }
    return nil
  }

  /// The scope of the newest scope node.
  @usableFromInline var scope: DependencyScope? { scopeNode()?.ownScope }

  /// The newest override of ``DependencyValues/context``.
  func contextNode() -> TypedOverrideNode<DependencyContext>? {
    override(for: ObjectIdentifier(DependencyContextKey.self)).map {
      unsafeDowncast($0, to: TypedOverrideNode<DependencyContext>.self)
    }
  }

  /// The newest override of ``DependencyValues/context``.
  var context: DependencyContext? { contextNode()?.value }

  /// Whether `node` is one of these values' nodes: then everything below it is shared too. Walks
  /// only the nodes deeper than `node`, none when these values are shallower.
  @inlinable
  func contains(_ node: DependencyNode) -> Bool {
    var current = top
    while let candidate = current, candidate.depth > node.depth { current = candidate.parent }
    return current === node
  }

  /// The newest node both lists share (`nil`: none). Everything from it down was set by scopes
  /// that enclose both; what lies above it on either side was set after they parted.
  func commonBase(with other: DependencyStorage) -> DependencyNode? {
    var mine = top
    var theirs = other.top
    while let a = mine, let b = theirs, a !== b {
      // Walk the deeper list down first, so both walks meet where the lists join.
      if a.depth >= b.depth { mine = a.parent }
      if b.depth >= a.depth { theirs = b.parent }
    }
    return mine === theirs ? mine : nil
  }

  /// Whether reading a key (`key`: the bits of its identifier) through these values gives what
  /// reading it through `base` gives: the nodes these values do not share with `base` neither
  /// override the key, start a scope, nor change the context. Walks only the nodes not shared.
  func readsLike(_ base: DependencyStorage, forKeyBits key: UInt) -> Bool {
    let contextKey = ObjectIdentifier(DependencyContextKey.self)
    // Only nodes set after the two lists parted can override `base`: walk until the first node
    // `base` has too (`other` follows down `base` at the same depth).
    var node = top
    var other = base.top
    while let current = node {
      while let candidate = other, candidate.depth > current.depth { other = candidate.parent }
      if current === other { break }
      // A scope node (no key) or an override of the key changes the answer.
      guard let nodeKey = current.key, UInt(bitPattern: nodeKey) != key else { return false }
      if nodeKey == contextKey {
        let context = unsafeDowncast(current, to: TypedOverrideNode<DependencyContext>.self).value
        // Equal to the context `base` overrides: no change. (Without an override there, the
        // context may come from a preparation, so any override may change it.)
        guard let baseContext = base.context, context == baseContext else { return false }
      }
      node = current.parent
    }
    return true
  }

  /// `other`'s own nodes (those above the nodes both share), oldest first, placed on top of
  /// these: where both override a dependency after they parted, `other` wins; what both got
  /// from a scope enclosing them both stays as these values have it.
  func applying(_ other: DependencyStorage) -> DependencyStorage {
    var result = self
    for node in other.nodes(above: self).reversed() { result = node.rebased(onto: result) }
    return result
  }

  /// The nodes above those shared with `base`, newest first (every node if they share none).
  func nodes(above base: DependencyStorage) -> [DependencyNode] {
    var nodes: [DependencyNode] = []
    let shared = commonBase(with: base)
    var node = top
    while let current = node, current !== shared {
      nodes.append(current)
      node = current.parent
    }
    return nodes
  }
}

/// One node of a ``DependencyStorage`` list: an override or the start of a scope.
@usableFromInline
class DependencyNode: @unchecked Sendable {
  // @unchecked: every stored property of this class and its subclasses is a `let`.

  /// The node below this one; `nil` for the oldest.
  @usableFromInline let parent: DependencyNode?
  /// The key type this node overrides (`nil` for scope nodes).
  @usableFromInline let key: ObjectIdentifier?
  /// How many nodes this list has from this one down (1 for the oldest): lets two lists find
  /// the nodes they share in one walk.
  @usableFromInline let depth: UInt32
  /// Whether a usage-tracked scope lies at or below this node (inherited from the parent).
  @usableFromInline let mayTrackUsage: Bool

  // Inlinable, as the override nodes' initializers are: `withDependencies` makes one per override.
  @inlinable
  init(parent: DependencyNode?, key: ObjectIdentifier?, startsTrackedScope: Bool = false) {
    self.parent = parent
    self.key = key
    self.depth = (parent?.depth ?? 0) &+ 1
    self.mayTrackUsage = startsTrackedScope || (parent?.mayTrackUsage ?? false)
  }

  /// This node's own contribution, placed on `storage` instead of its old parent.
  func rebased(onto storage: DependencyStorage) -> DependencyStorage {
    fatalError("implemented by every node type")
  }
}

/// Marks where a ``DependencyScope`` begins: default values read above it are cached there.
final class ScopeNode: DependencyNode, @unchecked Sendable {
  let ownScope: DependencyScope

  init(scope: DependencyScope, parent: DependencyNode?) {
    self.ownScope = scope
    super.init(parent: parent, key: nil, startsTrackedScope: scope.usage != nil)
  }

  override func rebased(onto storage: DependencyStorage) -> DependencyStorage {
    storage.scope === ownScope ? storage : .scoped(ownScope, on: storage)
  }
}

/// One overridden dependency. Type-erased so that a list can hold any value type; the value
/// lives in the ``TypedOverrideNode`` subclass, so setting a dependency allocates once.
@usableFromInline
class OverrideNode: DependencyNode, @unchecked Sendable {
  /// The key type (``DependencyStorage/key`` is its identifier), for messages.
  @usableFromInline let keyType: Any.Type
  /// The `DependencyValues` property that set it (`#function` of the setter), for messages.
  @usableFromInline let name: StaticString

  @inlinable
  init(keyType: Any.Type, name: StaticString, parent: DependencyNode?) {
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
  init(keyType: Any.Type, name: StaticString, value: Value, parent: DependencyNode?) {
    self.value = value
    super.init(keyType: keyType, name: name, parent: parent)
  }

  override func rebased(onto storage: DependencyStorage) -> DependencyStorage {
    DependencyStorage(
      top: TypedOverrideNode(keyType: keyType, name: name, value: value, parent: storage.top))
  }

  override func makeBox() -> AnyValueBox { ValueBox(value) }

  override var dependencyName: DependencyName {
    DependencyName(
      property: DependencyName.property(from: name), keyType: keyType, valueType: Value.self)
  }
}

/// The runtime's lookup behind `TaskLocal.get`: where the value bound to `key` (a `TaskLocal`'s
/// address) is stored for the current task (or thread, outside tasks), `nil` when none is bound.
/// An exported entry point of the Swift runtime since Swift 5.5.
@usableFromInline
@_silgen_name("swift_task_localValueGet")
func taskLocalValue(key: UnsafeRawPointer) -> UnsafeMutableRawPointer?
