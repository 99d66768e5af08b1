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
  private let live = DefaultValueCache(context: .live)
  private let preview = DefaultValueCache(context: .preview)
  private let test = DefaultValueCache(context: .test)

  /// The context given by `prepareDependencies { $0.context = … }`: 0 for none, else the
  /// index of the case in `DependencyContext.allCases`, plus one.
  private let preparedContextIndex = Atomic<Int>(0)

  init() {}

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
    return perTest.withLock { scopes in
      if let scope = scopes[test] { return scope }
      let scope = DependencyScope()
      scopes[test] = scope
      return scope
    }
  }

  /// Forgets the scope of `test`, which has ended: a later run of the same test (or a late
  /// read) starts afresh, and its cached values are freed.
  static func testEnded(_ test: TestContext) {
    perTest.withLock { _ = $0.removeValue(forKey: test) }
  }

  /// Whether default values are cached for `test` outside any explicit scope.
  static func hasScope(for test: TestContext) -> Bool {
    perTest.withLock { $0[test] != nil }
  }

  /// Kept until the test framework says the test ended (XCTest does; Swift Testing has no such
  /// hook, so there they live for the life of the process unless a trait makes the scope).
  private static let perTest = Locked<[TestContext: DependencyScope]>([:])
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
