import HarnessDependencies

extension Reducer {
  /// This reducer, and the effects it returns, with one dependency changed: for a child feature
  /// that should use a different value than its parent.
  ///
  /// <!-- fragment: a line of a parent reducer's body; Onboarding and apiClient are the app's -->
  /// ```swift
  /// Scope(state: \.onboarding, action: Action.onboarding) {
  ///   Onboarding()
  ///     .dependency(\.apiClient, .mock)
  /// }
  /// ```
  public func dependency<Value: Sendable>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    _ value: Value
  ) -> DependencyModifiedReducer<Self> {
    DependencyModifiedReducer(base: self) { $0[keyPath: keyPath] = value }
  }

  /// This reducer, and the effects it returns, with a dependency whose value type is its own
  /// key changed: `.dependency(APIClient.mock)`.
  public func dependency<Value: TestDependencyKey>(_ value: Value) -> DependencyModifiedReducer<Self>
  where Value.Value == Value {
    DependencyModifiedReducer(base: self) { $0[Value.self] = value }
  }

  /// This reducer, and the effects it returns, with dependencies changed by `update`.
  public func dependencies(
    _ update: @escaping @Sendable (inout DependencyValues) -> Void
  ) -> DependencyModifiedReducer<Self> {
    DependencyModifiedReducer(base: self, update: update)
  }
}

/// A reducer whose dependencies are changed for itself and its effects. See
/// ``Reducer/dependency(_:_:)``.
public struct DependencyModifiedReducer<Base: Reducer>: Reducer {
  let base: Base
  let update: @Sendable (inout DependencyValues) -> Void

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    // Effects capture the dependencies current where they are created: those returned here
    // run with the change too.
    withDependencies(update) {
      base.reduce(into: &state, action: action)
    }
  }
}
