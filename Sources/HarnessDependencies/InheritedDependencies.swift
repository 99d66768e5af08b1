import HarnessIssues
import Synchronization

extension DependencyValues {
  /// The values captured by `parent` with these values' own overrides on top: those set after
  /// the two parted (at the call site) win, those both got from a scope enclosing them do not.
  func inheriting<Parent>(from parent: Parent, at site: StaticSourceLocation) -> DependencyValues {
    guard let captured = Self.capturedStorage(of: parent) else {
      reportIssue(
        ReportedIssue(
          message: """
            withDependencies(from:) has no dependencies to take from \(typeName(Parent.self)): it \
            has no @Dependency property and was not returned by a withDependencies operation, so \
            the operation runs with the dependencies current here.

            Pass the object whose @Dependency properties hold the dependencies to pass on (the \
            parent model), give \(typeName(Parent.self)) a @Dependency property, or use \
            withDependencies { … } operation: { … } without `from:`.
            """,
          location: site.location
        )
      )
      return self
    }
    return DependencyValues(storage: captured.applying(storage))
  }

  /// The values captured by the first `@Dependency` property found on `parent` (its own stored
  /// properties first, then its superclasses'), else those it was made with by
  /// `withDependencies(from:)`. All properties of one object capture the same values, so the
  /// first is enough.
  static func capturedStorage(of parent: Any) -> DependencyStorage? {
    capturedStorage(ofProperties: parent) ?? ObjectsMadeWithDependencies.storage(of: parent)
  }
}

/// Objects returned by a `withDependencies` operation, with the values they were made with: one
/// without `@Dependency` properties can still pass them on to its own children. Held weakly;
/// entries of freed objects are dropped whenever the table has doubled since the last sweep.
enum ObjectsMadeWithDependencies {
  private struct Entry {
    weak var object: AnyObject?
    let storage: DependencyStorage
  }

  private struct Table {
    var entries: [ObjectIdentifier: Entry] = [:]
    var nextSweep = 64
  }

  private static let table = Locked(Table())

  /// Remembers `object`'s values if it has no `@Dependency` properties.
  static func remember(_ object: AnyObject, storage: DependencyStorage) {
    // Objects with `@Dependency` properties carry their values: the common case, answered
    // per type after one look.
    guard !hasDependencyProperties(type(of: object), object) else { return }
    table.withLock { table in
      if table.entries.count >= table.nextSweep {
        table.entries = table.entries.filter { $0.value.object != nil }
        table.nextSweep = max(64, 2 * table.entries.count)
      }
      table.entries[ObjectIdentifier(object)] = Entry(object: object, storage: storage)
    }
  }

  /// Whether instances of `type` (`object` is one) have a `@Dependency` property, worked out
  /// once per type.
  private static func hasDependencyProperties(_ type: AnyClass, _ object: AnyObject) -> Bool {
    let id = ObjectIdentifier(type)
    // The type seen last, when it has them: models made over and over skip the lock.
    if lastTypeWithProperties.load(ordering: .relaxed) == UInt(bitPattern: id) { return true }
    let has =
      typesWithProperties.withLock({ $0[id] })
      ?? {
        let has = DependencyValues.capturedStorage(ofProperties: object) != nil
        typesWithProperties.withLock { $0[id] = has }
        return has
      }()
    if has { lastTypeWithProperties.store(UInt(bitPattern: id), ordering: .relaxed) }
    return has
  }

  private static let typesWithProperties = Locked<[ObjectIdentifier: Bool]>([:])
  private static let lastTypeWithProperties = Atomic<UInt>(0)

  static func storage(of parent: Any) -> DependencyStorage? {
    guard type(of: parent) is AnyClass else { return nil }
    let object = parent as AnyObject
    return table.withLock { table in
      guard let entry = table.entries[ObjectIdentifier(object)], entry.object === object else {
        return nil
      }
      return entry.storage
    }
  }
}

extension DependencyValues {
  /// The values captured by `object`'s `@Dependency` properties, if it has any.
  fileprivate static func capturedStorage(ofProperties object: Any) -> DependencyStorage? {
    var mirror: Mirror? = Mirror(reflecting: object)
    while let current = mirror {
      for child in current.children {
        if let dependency = child.value as? any DependencyCapturing {
          return dependency.capturedStorage
        }
      }
      mirror = current.superclassMirror
    }
    return nil
  }
}
