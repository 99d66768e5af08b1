import HarnessIssues

extension DependencyValues {
  /// Starts work that the caller does not wait for (analytics, logging, cache warming).
  ///
  /// - live value: runs the work in a detached task, with the caller's dependencies
  /// - test value: runs the work right away in a task of its own and waits for it, so the test
  ///   sees what it did and nothing is left running when the test ends; cancelling the caller
  ///   does not cancel the work, and an error it throws is reported
  /// - preview value: the live value
  ///
  /// The live value ignores errors the work throws.
  ///
  /// ```swift
  /// func saved() async {
  ///   @Dependency(\.fireAndForget) var fireAndForget
  ///   await fireAndForget { print("track: saved") }   // e.g. an analytics call
  /// }
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
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ work: @escaping @Sendable () async throws -> Void
  ) async {
    let site = SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await Self.$callSite.withValue(site) {
      await start(priority, work)
    }
  }

  /// Where the work being started was handed over, for reports.
  @TaskLocal private static var callSite: SourceCodeLocation?

  /// Runs each piece of work in a detached task that keeps the caller's dependencies.
  public static let detached = FireAndForget { priority, work in
    let continuation = withEscapedDependencies { $0 }
    Task.detached(priority: priority) {
      try await continuation.yield { try await work() }
    }
  }

  /// Runs each piece of work at once, in a task of its own, and waits for it to finish: the
  /// work is not cancelled with its caller, and an error it throws is reported.
  public static let inline = FireAndForget { priority, work in
    let site = callSite
    await Task(priority: priority) {
      do {
        try await work()
      } catch {
        reportIssue(
          ReportedIssue(
            message: """
              fireAndForget's work threw \(error), which a running app would ignore. Handle \
              the error inside the work, or expect it in the test.
              """,
            error: error,
            location: site ?? SourceCodeLocation()
          )
        )
      }
    }.value
  }
}

private enum FireAndForgetKey: DependencyKey {
  static let liveValue = FireAndForget.detached
  static let testValue = FireAndForget.inline
}
