/// What runs when the current test ends, where Harness knows when that is: inside a Swift
/// Testing dependency trait's scope (`.dependencies`, `.dependency(…)`, `.dependencyUsage`) and
/// a `DependencyTestCase` test. Elsewhere (a plain `@Test` or `XCTestCase`, a detached task)
/// ``current`` is `nil`: there is no end signal.
///
/// The actions run inside the test, after its body, so an issue they report fails that test.
package final class TestEnd: Sendable {
  @TaskLocal package static var current: TestEnd?

  /// The current test's end, for a report that can wait for it: `nil` without an end signal, and
  /// inside a `withExpectedIssue` of the test, whose scope must see the issue while it runs (one
  /// around the whole test sees it at the end).
  package static var forDeferredReport: TestEnd? {
    guard let current, ExpectedIssueScope.current === current.expectedScope else { return nil }
    return current
  }

  private enum State {
    case running([@Sendable () -> Void])
    case ended
  }

  private let state = Locked(State.running([]))
  /// The `withExpectedIssue` scope around the test, if any.
  private let expectedScope = ExpectedIssueScope.current

  private init() {}

  /// Adds `action` to run when the test ends; `false` (and nothing added) when it has ended.
  package func add(_ action: @escaping @Sendable () -> Void) -> Bool {
    state.withLock { state in
      guard case .running(var actions) = state else { return false }
      actions.append(action)
      state = .running(actions)
      return true
    }
  }

  /// Runs the actions added so far, in order; later ones are refused.
  private func end() {
    let actions = state.withLock { state -> [@Sendable () -> Void] in
      defer { state = .ended }
      guard case .running(let actions) = state else { return [] }
      return actions
    }
    for action in actions { action() }
  }

  /// Runs `body` as a test whose end is known: the actions added while it runs run after it.
  package static func signalling<R>(_ body: () throws -> R) rethrows -> R {
    let end = TestEnd()
    defer { end.end() }
    return try $current.withValue(end, operation: body)
  }

  /// Runs async `body` as a test whose end is known. See the synchronous overload.
  package static func signalling<R>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> R
  ) async rethrows -> R {
    let end = TestEnd()
    defer { end.end() }
    return try await $current.withValue(end, operation: body)
  }
}
