extension DependencyValues {
  /// Starts work that the caller does not wait for (analytics, logging, cache warming).
  ///
  /// - live value: runs the work in a detached task, with the caller's dependencies
  /// - test value: runs the work right away and waits for it, so the test sees what it did and
  ///   nothing is left running when the test ends
  /// - preview value: the live value
  ///
  /// Errors the work throws are ignored, in every context.
  ///
  /// ```swift
  /// @Dependency(\.fireAndForget) var fireAndForget
  /// await fireAndForget { try await analytics.track("saved") }
  /// ```
  public var fireAndForget: FireAndForget {
    get { self[FireAndForgetKey.self] }
    set { self[FireAndForgetKey.self] = newValue }
  }
}

/// Starts work without waiting for it: `await fireAndForget { … }`.
public struct FireAndForget: Sendable {
  private let start:
    @Sendable (_ priority: TaskPriority?, _ work: @escaping @Sendable () async throws -> Void) async ->
      Void

  /// A `FireAndForget` that hands each piece of work to `start`.
  public init(
    _ start: @escaping @Sendable (
      _ priority: TaskPriority?, _ work: @escaping @Sendable () async throws -> Void
    ) async -> Void
  ) {
    self.start = start
  }

  /// Starts `work`.
  public func callAsFunction(
    priority: TaskPriority? = nil,
    _ work: @escaping @Sendable () async throws -> Void
  ) async {
    await start(priority, work)
  }

  /// Runs each piece of work in a detached task that keeps the caller's dependencies.
  public static let detached = FireAndForget { priority, work in
    let continuation = withEscapedDependencies { $0 }
    Task.detached(priority: priority) {
      try await continuation.yield { try await work() }
    }
  }

  /// Runs each piece of work at once and waits for it to finish.
  public static let inline = FireAndForget { _, work in
    try? await work()
  }
}

private enum FireAndForgetKey: DependencyKey {
  static let liveValue = FireAndForget.detached
  static let testValue = FireAndForget.inline
}
