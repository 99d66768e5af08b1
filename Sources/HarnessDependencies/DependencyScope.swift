import HarnessIssues
import Synchronization

/// Where default values live: one cache per context.
///
/// A running app has one scope, ``process``. In a test process every test gets its own (keyed by
/// ``TestContext``, so each argument of a parameterized test too), which is how cached defaults
/// and `prepareDependencies` never leak from one test to another, with no per-test code.
/// The test traits and `withFreshDependencies` make scopes explicitly.
@usableFromInline
final class DependencyScope: Sendable {
  private let live: DefaultValueCache
  private let preview: DefaultValueCache
  private let test: DefaultValueCache
  /// Records dependency usage in a usage-tracked scope (`.dependencyUsage`).
  @usableFromInline let usage: DependencyUsageRecorder?

  /// The context given by `prepareDependencies { $0.context = … }`: 0 for none, else the
  /// index of the case in `DependencyContext.allCases`, plus one.
  private let preparedContextIndex = Atomic<Int>(0)

  init(usage: DependencyUsageRecorder? = nil) {
    self.usage = usage
    live = DefaultValueCache(context: .live, usage: usage)
    preview = DefaultValueCache(context: .preview, usage: usage)
    test = DefaultValueCache(context: .test, usage: usage)
  }

  /// The context `prepareDependencies` set for this scope, if any.
  var preparedContext: DependencyContext? {
    let index = preparedContextIndex.load(ordering: .acquiring)
    return index == 0 ? nil : DependencyContext.allCases[index - 1]
  }

  /// Makes `context` the context of this scope's values that do not override it.
  func prepare(context: DependencyContext) {
    let index = DependencyContext.allCases.firstIndex(of: context)! + 1
    preparedContextIndex.store(index, ordering: .releasing)
  }

  @usableFromInline
  func cache(for context: DependencyContext) -> DefaultValueCache {
    switch context {
    case .live: live
    case .preview: preview
    case .test: test
    }
  }

  /// The scope of the running app, and of code in a test process that runs outside any test.
  static let process = DependencyScope()

  /// The scope for values that name no scope of their own: the running test's, else ``process``.
  static func implicit(reading name: @autoclosure () -> DependencyName) -> DependencyScope {
    guard isTesting else { return process }
    if let scope = runningTest() { return scope }
    OutsideTestWarning.report(name())
    return process
  }

  /// The running test's scope, if a test is running on this task.
  static func runningTest() -> DependencyScope? {
    guard isTesting, let test = TestContext.current else { return nil }
    return scope(for: test)
  }

  /// The scope of `test`, made on first use.
  static func scope(for test: TestContext) -> DependencyScope {
    let (scope, dropped) = perTest.withLock { $0.scope(for: test, now: .now) }
    if dropped { DroppedScopeWarning.report(test) }
    return scope
  }

  /// Forgets the scope of `test`, which has ended: a later run of the same test (or a late
  /// read) starts afresh, and its cached values are freed.
  static func testEnded(_ test: TestContext) {
    perTest.withLock { _ = $0.scopes.removeValue(forKey: test) }
  }

  /// Whether default values are cached for `test` outside any explicit scope.
  static func hasScope(for test: TestContext) -> Bool {
    perTest.withLock { $0.scopes[test] != nil }
  }

  /// Kept until the test framework says the test ended (XCTest does). Swift Testing has no such
  /// hook (a dependency trait makes and ends the scope itself), so there, once more than
  /// ``PerTestScopes/limit`` are kept, those of tests idle for ``PerTestScopes/idleLimit`` go.
  static let perTest = Locked(PerTestScopes())
}

/// The scopes of tests that run without a scope of their own. Bounded without ever dropping
/// the scope of a test that is still reading dependencies: only idle ones go, and a test whose
/// scope went and that reads again is warned.
struct PerTestScopes {
  /// How many scopes are kept before idle ones are dropped. Large enough for the parameterized
  /// suites of a process running at once (a thousand cases is common), whose cases on a loaded
  /// machine may wait minutes for a thread between two reads; a scope costs a few hundred bytes.
  static let limit = 4_096
  /// How long a test must not have read a default value before its scope may go. (A minute was
  /// too short: under ThreadSanitizer, with the machine's cores busy, a case of a suite of 1,100
  /// parallel cases waited longer than that for its `Task.yield()` to resume.)
  static let defaultIdleLimit = Duration.seconds(300)

  var scopes: [TestContext: (scope: DependencyScope, lastUse: ContinuousClock.Instant)] = [:]
  var idleLimit = defaultIdleLimit
  /// Tests whose scopes were dropped (forgotten in bulk when many pile up).
  private var dropped: Set<TestContext> = []
  /// The count at which to look for idle scopes again.
  private var nextSweep = limit

  /// The scope of `test`, and whether an earlier scope of it was dropped.
  mutating func scope(
    for test: TestContext, now: ContinuousClock.Instant
  ) -> (DependencyScope, wasDropped: Bool) {
    if let entry = scopes[test] {
      scopes[test]?.lastUse = now
      return (entry.scope, false)
    }
    if scopes.count >= nextSweep { sweep(now: now) }
    let scope = DependencyScope()
    scopes[test] = (scope, now)
    return (scope, dropped.remove(test) != nil)
  }

  private mutating func sweep(now: ContinuousClock.Instant) {
    let idle = scopes.filter { now - $0.value.lastUse > idleLimit }.keys
    if dropped.count + idle.count > 4 * Self.limit { dropped.removeAll() }
    for test in idle {
      scopes.removeValue(forKey: test)
      dropped.insert(test)
    }
    // Sweep again only once a quarter more has piled up: a lookup stays O(1) on average.
    nextSweep = max(Self.limit, scopes.count + Self.limit / 4)
  }
}

/// Warns that a test read a default value again after its cached ones were dropped as idle.
enum DroppedScopeWarning {
  static func report(_ test: TestContext) {
    reportIssue(
      """
      \(test) read a dependency after not reading any for \(PerTestScopes.defaultIdleLimit) \
      while many other tests ran, so its cached default values were dropped and are built \
      afresh from now on (a stateful one, such as .incrementing, starts over).

      Give the test a scope of its own that ends with it: a dependency trait, such as \
      @Suite(.dependencies), or DependencyTestCase for XCTest.
      """,
      severity: .warning
    )
  }
}

/// Warns, once per dependency, that a test process read a default value outside any test.
enum OutsideTestWarning {
  private static let warned = Locked<Set<String>>([])

  static func report(_ name: DependencyName) {
    let isNew = warned.withLock { $0.insert(name.description).inserted }
    guard isNew else { return }
    reportIssue(
      """
      \(name) was read outside any test (for example in a Task.detached or on a thread the \
      test started), so its default value comes from one cache shared by the whole test \
      process, not from the running test's.

      To keep the test's dependencies, start the work with Task { } (which inherits them) or \
      carry them with withEscapedDependencies { continuation in … continuation.yield { … } }.
      """,
      severity: .warning
    )
  }
}

/// Frees the dependency values cached for `test`, which has ended (called by HarnessTesting
/// when XCTest reports the end of a test case).
package func testEnded(_ test: TestContext) {
  DependencyScope.testEnded(test)
}

/// Whether default values are cached for `test` (for checking that they go when it ends).
package func hasCachedDefaults(for test: TestContext) -> Bool {
  DependencyScope.hasScope(for: test)
}

/// Caches default values for `test` as a read inside it would (for checking the bound).
package func cacheDefaults(for test: TestContext) {
  _ = DependencyScope.scope(for: test)
}

/// How many tests' default values are kept before idle ones are dropped, when no test
/// framework says that tests ended.
package var perTestCacheLimit: Int { PerTestScopes.limit }

/// Sets how long a test must be idle before its default values may be dropped (for tests).
package func setPerTestCacheIdleLimit(_ limit: Duration) {
  DependencyScope.perTest.withLock { $0.idleLimit = limit }
}

/// Sets how long a thread waits for another thread's build of a default value before it warns
/// (for tests).
package func setDependencyBuildPatience(_ patience: Duration) {
  let (seconds, attoseconds) = patience.components
  let milliseconds = Int(seconds) * 1_000 + Int(attoseconds / 1_000_000_000_000_000)
  BuildGraph.patienceMilliseconds.store(milliseconds, ordering: .relaxed)
}
