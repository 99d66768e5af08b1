import HarnessIssues
import HarnessRuntime

// Linking HarnessTesting into a test target is all it takes: this entry in the binary's
// initializer table runs before `main` and connects HarnessIssues to XCTest and Swift Testing,
// so no test needs setup code. (Swift 6.3: `@used @section` keep the entry in release builds.)
#if os(Linux) || os(Android) || os(FreeBSD) || os(OpenBSD)
  @used @section(".init_array")
  let harnessTestingInitializer: @convention(c) () -> Void = { HarnessTestingRegistration.register() }
#elseif canImport(Darwin)
  @used @section("__DATA,__mod_init_func")
  let harnessTestingInitializer: @convention(c) () -> Void = { HarnessTestingRegistration.register() }
#elseif os(Windows)
  @used @section(".CRT$XCU")
  let harnessTestingInitializer: @convention(c) () -> Void = { HarnessTestingRegistration.register() }
#endif

/// Connects HarnessIssues to the test frameworks. Runs once, when the test binary loads.
public enum HarnessTestingRegistration {
  /// Installs the bridge and starts tracking XCTest test cases. Idempotent; called
  /// automatically, exposed only for platforms without load-time initializers.
  public static func register() {
    guard !isRegistered.exchange(true) else { return }
    XCTestTracker.start()
    // The engine's interception goes in now, before any task of a test runs: replacing the
    // process's default executor is safe only while nothing else enqueues (see
    // `RuntimeInterception`).
    RuntimeInterception.install()
    TestFrameworkBridge.install(
      TestFrameworkBridge(
        currentTest: { currentTest() },
        isRunningTests: { true },
        record: { issue, test in record(issue, for: test) },
        expectingFailures: { matches, body in try SwiftTestingBridge.expectingFailures(matches, body) },
        expectingFailuresAsync: { matches, body in try await SwiftTestingBridge.expectingFailures(matches, body) }
      )
    )
  }

  private static let isRegistered = OnceFlag()

  static func currentTest() -> TestContext? {
    if let id = SwiftTestingBridge.currentTestID() { return .swiftTesting(id: id) }
    if let id = XCTestTracker.currentTestID() { return .xcTest(id: id) }
    return nil
  }

  static func record(_ issue: ReportedIssue, for test: TestContext?) {
    switch test {
    case .swiftTesting:
      SwiftTestingBridge.record(issue)
    case .xcTest:
      XCTestTracker.record(issue)
    case nil:
      // A task no framework can attribute (e.g. `Task.detached`): fail whichever framework is
      // running, so the issue is never lost.
      if SwiftTestingBridge.isSwiftTestingPass {
        SwiftTestingBridge.record(issue)
      } else {
        XCTestTracker.record(issue)
      }
    }
  }
}
