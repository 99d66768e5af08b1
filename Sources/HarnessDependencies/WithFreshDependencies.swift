/// Runs `operation` in a dependency scope of its own: every dependency it does not override gets
/// a default value built afresh on first use inside, kept for this scope only.
///
/// Overrides current here still apply; `update` adds more. The test traits and
/// `DependencyTestCase` (in HarnessTesting) run each test this way, so values cached or prepared
/// by one test never reach another; use it yourself for the same isolation elsewhere (a preview,
/// a sandboxed sub-system).
///
/// ```swift
/// func runScenario() {
///   @Dependency(\.uuid) var uuid
///   print(uuid())   // a fresh default value: nothing cached from earlier scenarios
/// }
///
/// withFreshDependencies { $0.uuid = .incrementing } operation: {
///   runScenario()
/// }
/// ```
@discardableResult
public func withFreshDependencies<R>(
  _ update: (inout DependencyValues) throws -> Void,
  operation: () throws -> R
) rethrows -> R {
  try withUpdated(DependencyValues.fresh(), site: nil, update, operation: operation)
}

/// Runs `operation` in a dependency scope of its own. See the overload with `update`.
@discardableResult
public func withFreshDependencies<R>(operation: () throws -> R) rethrows -> R {
  try withUpdated(DependencyValues.fresh(), site: nil, { _ in }, operation: operation)
}

/// Runs async `operation` in a dependency scope of its own, on the caller's actor. See the
/// synchronous overload.
@discardableResult
public func withFreshDependencies<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ update: (inout DependencyValues) async throws -> Void,
  operation: () async throws -> R
) async rethrows -> R {
  try await withUpdated(DependencyValues.fresh(), site: nil, isolation: isolation, update, operation: operation)
}

/// Runs async `operation` in a dependency scope of its own, on the caller's actor. See the
/// overload with `update`.
@discardableResult
public func withFreshDependencies<R>(
  isolation: isolated (any Actor)? = #isolation,
  operation: () async throws -> R
) async rethrows -> R {
  try await withUpdated(DependencyValues.fresh(), site: nil, isolation: isolation, { _ in }, operation: operation)
}

/// Runs async `operation` in a dependency scope of its own in which the overridden generators
/// that have a state start over (an `.incrementing` uuid from 0, a seeded random generator from
/// its seed): each explored interleaving, and its replay, draws the same values.
package func withFreshDependenciesRestartingGenerators<R>(
  operation: () async throws -> R
) async rethrows -> R {
  try await withFreshDependencies(isolation: nil) { values in
    values.restartUUIDGenerator()
    values.restartRandomNumberGenerator()
  } operation: {
    try await operation()
  }
}

extension DependencyValues {
  /// The current values in a new, empty scope.
  static func fresh(usage: DependencyUsageRecorder? = nil) -> DependencyValues {
    DependencyValues(storage: .scoped(DependencyScope(usage: usage), on: DependencyStorage.current))
  }
}
