import HarnessIssues

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

  /// Remembers `result`'s values if it is an object without `@Dependency` properties.
  static func remember<R>(_ result: R, storage: DependencyStorage) {
    guard R.self is AnyClass || type(of: result as Any) is AnyClass else { return }
    let object = result as AnyObject
    guard DependencyValues.capturedStorage(ofProperties: object) == nil else { return }
    table.withLock { table in
      if table.entries.count >= table.nextSweep {
        table.entries = table.entries.filter { $0.value.object != nil }
        table.nextSweep = max(64, 2 * table.entries.count)
      }
      table.entries[ObjectIdentifier(object)] = Entry(object: object, storage: storage)
    }
  }

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
