/// Carries the current dependencies into code that escapes the current task: callbacks of event
/// loops, delegates, `DispatchQueue` blocks, `Task.detached`.
///
/// Such code inherits nothing from the task that set it up; `continuation.yield { … }` runs its
/// body with the dependencies that were current when `withEscapedDependencies` was called.
///
/// <!-- fragment: socket and handle(_:) are your event source and handler -->
/// ```swift
/// func startListening() {
///   withEscapedDependencies { continuation in
///     socket.onMessage = { message in
///       continuation.yield {
///         self.handle(message)   // sees the same dependencies as startListening
///       }
///     }
///   }
/// }
/// ```
///
/// In a test, the continuation also keeps the running test's default values, so work it runs
/// on other threads uses that test's dependencies, not a shared set.
public func withEscapedDependencies<R>(
  _ body: (DependencyContinuation) throws -> R
) rethrows -> R {
  try body(DependencyContinuation())
}

/// Hands the current dependencies to async `body` as a continuation. See the synchronous overload.
public func withEscapedDependencies<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ body: (DependencyContinuation) async throws -> R
) async rethrows -> R {
  try await body(DependencyContinuation())
}

/// The dependencies current where it was made, to run escaped code with. See
/// ``withEscapedDependencies(_:)``.
public struct DependencyContinuation: Sendable {
  private let storage: DependencyStorage

  init() {
    let current = DependencyStorage.current
    // Pin the running test's scope: on another thread there is no running test to find it by.
    if current.scope == nil, let scope = DependencyScope.runningTest() {
      storage = .scoped(scope, on: current)
    } else {
      storage = current
    }
  }

  /// Runs `operation` with the dependencies of this continuation, whatever is current here.
  public func yield<R>(_ operation: () throws -> R) rethrows -> R {
    try DependencyStorage.local.withValue(storage, operation: operation)
  }

  /// Runs async `operation` with the dependencies of this continuation, on the caller's actor.
  public func yield<R>(
    isolation: isolated (any Actor)? = #isolation,
    _ operation: () async throws -> R
  ) async rethrows -> R {
    try await DependencyStorage.local.withValue(
      storage, operation: operation, isolation: isolation
    )
  }
}
