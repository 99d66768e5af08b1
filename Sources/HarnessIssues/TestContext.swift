/// The test that the current task runs for, if any.
///
/// Code that must behave differently under test (dependency caches, for example) keys its
/// per-test state by this value.
public enum TestContext: Sendable, Hashable, CustomStringConvertible {
  /// An XCTest test case; `id` is its name, e.g. `-[MyTests testAddition]` or `MyTests.testAddition`.
  case xcTest(id: String)
  /// A Swift Testing test; `id` names the test and, for parameterized tests, the argument case,
  /// so that each argument of a parameterized test gets an id of its own.
  case swiftTesting(id: String)

  /// The test running on this task, or `nil` when no test is running (a live app, a detached
  /// task of a Swift Testing test, or a process without `HarnessTesting`).
  public static var current: TestContext? {
    guard let test = TestFrameworkBridge.installed?.currentTest() else { return nil }
    guard let run = runOfTest else { return test }
    switch test {
    case let .xcTest(id): return .xcTest(id: "\(id) (\(run))")
    case let .swiftTesting(id): return .swiftTesting(id: "\(id) (\(run))")
    }
  }

  /// Set while a test's body runs as one of several runs of that test (an explored iteration:
  /// `"interleaving iteration 3"`): each run is then a test of its own to per-test state
  /// (dependency caches, once-per-test reports, the test's clock world).
  @TaskLocal package static var runOfTest: String?

  /// The identifier of the test, whichever framework runs it.
  public var id: String {
    switch self {
    case let .xcTest(id), let .swiftTesting(id): id
    }
  }

  public var description: String {
    switch self {
    case let .xcTest(id): "XCTest \(id)"
    case let .swiftTesting(id): "Swift Testing \(id)"
    }
  }
}
