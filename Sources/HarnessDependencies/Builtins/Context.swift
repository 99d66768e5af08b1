extension DependencyValues {
  /// The context of these values: which default values dependencies have.
  ///
  /// - live value: ``DependencyContext/live``
  /// - test value: ``DependencyContext/test``
  /// - preview value: ``DependencyContext/preview``
  ///
  /// Unless overridden, it is the process's context (see ``DependencyContext``). Overriding it
  /// switches every dependency that is not itself overridden to that context's default values:
  ///
  /// ```swift
  /// final class PreviewsModel {
  ///   @Dependency(\.uuid) var uuid
  /// }
  ///
  /// let model = withDependencies { $0.context = .preview } operation: {
  ///   PreviewsModel()   // gets previewValues
  /// }
  /// ```
  public var context: DependencyContext {
    get { self[DependencyContextKey.self] }
    set { self[DependencyContextKey.self] = newValue }
  }
}

/// Each context's default value is the context itself, so reading `context` goes through the
/// same caches as any dependency.
enum DependencyContextKey: DependencyKey {
  static let liveValue = DependencyContext.live
  static let testValue = DependencyContext.test
  static let previewValue = DependencyContext.preview
}
