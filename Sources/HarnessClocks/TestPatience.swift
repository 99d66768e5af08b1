import HarnessRuntime

/// How long Harness waits before it reports what it sees of a test's work: a job that blocks the
/// test's executor, and a deadlock (every task of the test suspended, with nothing ready, nothing
/// due and no settle waiting). Each is a patience for a report only: it never decides which tasks
/// are the test's or whether its work has settled.
///
/// <!-- fragment: a test function of HarnessTesting's PatienceTrait, its body left out -->
/// ```swift
/// @Test(.patience(deadlock: .seconds(60)))   // waits on a child process for up to a minute
/// func exportsTheArchive() async throws { … }
/// ```
///
/// In a `DependencyTestCase`, override its `patience` property. Under ThreadSanitizer every
/// patience is 5 times as long, since its checks slow every job that much.
public struct TestPatience: Sendable, Equatable {
  /// How long one job may run without suspending before it is reported as blocking the test's
  /// other work (10 seconds by default).
  public var job: Duration
  /// How long every task of the test may stay suspended with nothing ready or due before the test
  /// is reported as deadlocked and the test process ends rather than hang (10 seconds by
  /// default). Raise it for a test that waits on slow work outside it (a child process, a
  /// network call).
  public var deadlock: Duration

  /// 10 seconds each.
  public static let `default` = TestPatience(job: .seconds(10), deadlock: .seconds(10))

  public init(job: Duration = .seconds(10), deadlock: Duration = .seconds(10)) {
    self.job = job
    self.deadlock = deadlock
  }

  /// The engine's form.
  package var engine: Patience { Patience(job: job, deadlock: deadlock) }

  /// Runs `body` with `patience` for the worlds that begin in it (a trait's scope).
  package static func with<R>(
    _ patience: TestPatience,
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> R
  ) async rethrows -> R {
    try await Patience.$current.withValue(patience.engine) { try await body() }
  }

  /// The patience of the current test's world, changed by `update` (a trait nested inside the
  /// scope that began the world).
  package static func applyToCurrentWorld(_ patience: TestPatience) {
    Engine.contextWorldOfCurrentTask()?.setPatience(deadlock: patience.deadlock, job: patience.job)
  }
}
