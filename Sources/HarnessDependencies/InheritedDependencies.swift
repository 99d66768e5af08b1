import HarnessIssues

extension DependencyValues {
  /// These values with the values captured by `parent`'s `@Dependency` properties on top.
  func inheriting<Parent>(from parent: Parent, at site: StaticSourceLocation) -> DependencyValues {
    guard let captured = Self.capturedStorage(of: parent) else {
      reportIssue(
        ReportedIssue(
          message: """
            withDependencies(from:) found no @Dependency property on \(typeName(Parent.self)), so \
            there are no dependencies to inherit from it: the operation runs with the current \
            dependencies only.

            Pass the object whose @Dependency properties hold the dependencies to pass on (the \
            parent model), or use withDependencies { … } operation: { … } without `from:`.
            """,
          location: site.location
        )
      )
      return self
    }
    return DependencyValues(storage: storage.applying(captured))
  }

  /// The values captured by the first `@Dependency` property found on `parent` (its own stored
  /// properties first, then its superclasses'). All properties of one object capture the same
  /// values, so the first is enough.
  static func capturedStorage(of parent: Any) -> DependencyStorage? {
    var mirror: Mirror? = Mirror(reflecting: parent)
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
