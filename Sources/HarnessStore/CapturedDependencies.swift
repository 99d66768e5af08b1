import HarnessDependencies

/// The dependencies a store runs its feature with: captured when the store is created (with the
/// store's overrides applied), and made current around every reduce and effect start.
struct CapturedDependencies: Sendable {
  var values: DependencyValues

  /// Builds the reducer inside the overridden scope (so its `@Dependency` properties capture
  /// the overrides) and captures that scope.
  static func capture<R>(
    _ prepare: (inout DependencyValues) -> Void,
    _ build: () -> R
  ) -> (R, CapturedDependencies) {
    withDependencies(prepare) {
      (build(), CapturedDependencies(values: DependencyValues.current))
    }
  }

  /// Runs `body` with the captured values current.
  func run<T>(_ body: () throws -> T) rethrows -> T {
    try withDependencies({ $0 = values }, operation: body)
  }
}
