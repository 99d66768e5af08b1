import HarnessIssues

/// The dependencies of the current task: every registered dependency, overridden or default.
///
/// Register a dependency with a key and a computed property:
///
/// ```swift
/// struct APIClient: Sendable {
///   var fetchUser: @Sendable (Int) async throws -> String
/// }
///
/// enum APIClientKey: TestDependencyKey {
///   static let testValue = APIClient(fetchUser: unimplemented("APIClient.fetchUser"))
/// }
///
/// extension DependencyValues {
///   var apiClient: APIClient {
///     get { self[APIClientKey.self] }
///     set { self[APIClientKey.self] = newValue }
///   }
/// }
/// ```
///
/// read it with `@Dependency(\.apiClient)`, and override it for a scope with
/// `withDependencies { $0.apiClient = .mock } operation: { … }`.
///
/// A value is cheap to copy and immutable underneath (copy-on-write): setting a dependency
/// affects only this copy. A dependency that is not overridden has its default value: the
/// key's `liveValue`, `testValue` or `previewValue` depending on ``context``, built on first use
/// and then cached — once per process in an app, once per test in tests.
public struct DependencyValues: Sendable {
  // As few fields as possible: `withDependencies` copies and destroys one per scope.

  /// The overrides, newest first.
  @usableFromInline var storage: DependencyStorage
  /// The `@Dependency` property read through these values, if any.
  @usableFromInline var property: PropertyRead?
  /// Whether these values are being updated by `withDependencies` and its relatives: a default
  /// read while overriding (`$0.client.endpoint = …`) reports nothing and is not cached.
  @usableFromInline var isUpdating: Bool
  /// Whether these values are being prepared by `prepareDependencies`: a default read then
  /// (`$0.client.endpoint = …`) is not kept, so the prepared value can still take its place.
  @usableFromInline var isPreparing: Bool

  @inlinable
  init(storage: DependencyStorage) {
    self.storage = storage
    self.property = nil
    self.isUpdating = false
    self.isPreparing = false
  }

  /// The values a `@Dependency` property captured: ``storage``'s overrides win over them where
  /// they were set after the two parted (see ``override(for:)``).
  @usableFromInline var captured: DependencyStorage? { property?.captured }

  /// Fresh values: nothing overridden, and a scope of their own, so every dependency gets a
  /// default value built afresh on first use through them (`withDependencies { $0 =
  /// DependencyValues() }` starts from a clean slate).
  public init() {
    self.init(storage: .scoped(DependencyScope(), on: .root))
  }

  /// The values of the current task: those set by the innermost `withDependencies` (and inherited
  /// by the tasks it starts), else the defaults.
  @inlinable public static var current: DependencyValues {
    DependencyValues(storage: DependencyStorage.current)
  }

  /// The value of the dependency registered under `Key`.
  ///
  /// Use it in the computed property that registers a dependency (see the type's
  /// documentation). `function` names that property in messages: leave it to its default.
  @inlinable
  public subscript<Key: TestDependencyKey>(
    _ key: Key.Type,
    function function: StaticString = #function,
    fileID fileID: StaticString = #fileID,
    filePath filePath: StaticString = #filePath,
    line line: UInt = #line,
    column column: UInt = #column
  ) -> Key.Value {
    get {
      value(
        for: key,
        function: function,
        site: StaticSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
      )
    }
    set {
      // Inlinable so that setting (e.g. in `withDependencies`) allocates the node directly.
      storage = DependencyStorage(
        top: TypedOverrideNode(keyType: key, name: function, value: newValue, parent: storage.top))
    }
  }

  /// The override of `Key`, else its default value. (Inlinable down to the cached value, so that
  /// reads are specialized for the key's value type.)
  @inlinable
  func value<Key: TestDependencyKey>(
    for key: Key.Type,
    function: StaticString,
    site: StaticSourceLocation
  ) -> Key.Value {
    let id = ObjectIdentifier(key)
    let value: Key.Value
    if let node = override(for: id) {
      value = unsafeDowncast(node, to: TypedOverrideNode<Key.Value>.self).value
      // A relaxed load while no usage-tracked scope runs (never on the published fast path).
      if DependencyUsageRecorder.isActive { noteUsage(of: key, node: node, function: function) }
    } else {
      let read = DependencyRead(
        keyType: key, valueType: Key.Value.self, function: function, access: property?.access,
        site: site)
      value = defaultValue(for: key, read: read)
      if DependencyUsageRecorder.isActive { noteUsage(of: key, node: nil, function: function) }
    }
    property?.record(value, key: id)
    return value
  }

  /// The context deciding which default values are used in `scope`: an override of
  /// ``context``, else the one `prepareDependencies` gave the scope, else the context of the
  /// process (see ``DependencyContext``).
  @usableFromInline
  func effectiveContext(in scope: DependencyScope) -> DependencyContext {
    overriddenContext ?? scope.preparedContext ?? DependencyContext.detected
  }

  /// The context these values override, if they do.
  var overriddenContext: DependencyContext? { overriddenContextNode?.value }

  /// The override of ``context`` these values read, if they override it.
  var overriddenContextNode: TypedOverrideNode<DependencyContext>? {
    if let node = storage.contextNode(), captured?.contains(node) != true { return node }
    return captured?.contextNode()
  }

  /// The newest override of `key`: the current values' if they set it after they parted from
  /// the captured ones, else the captured values'. (The newest override in the current values
  /// is either newer than everything both share, or shared, and then the captured values know
  /// one at least as new.)
  @inlinable
  func override(for key: ObjectIdentifier) -> OverrideNode? {
    guard let captured else { return storage.override(for: key) }
    if let node = storage.override(for: key), !captured.contains(node) { return node }
    return captured.override(for: key)
  }

  /// Where default values are cached for these values.
  @usableFromInline
  func scope(reading read: @autoclosure () -> DependencyRead) -> DependencyScope {
    namedScope ?? DependencyScope.implicit(reading: read().name)
  }

  /// The values a default value is built with, as one list: what a dependency built from other
  /// dependencies reads (a model's captured overrides reach it).
  @usableFromInline var storageForBuilds: DependencyStorage {
    guard let captured else { return storage }
    return captured.applying(storage)
  }

  @inlinable
  func defaultValue<Key: TestDependencyKey>(for key: Key.Type, read: DependencyRead) -> Key.Value {
    let scope = scope(reading: read)
    return scope.cache(for: effectiveContext(in: scope))
      .value(
        for: key, read: read, isUpdating: isUpdating, isPreparing: isPreparing, values: self)
  }
}
