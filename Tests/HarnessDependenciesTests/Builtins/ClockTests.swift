import HarnessClocks
import HarnessDependencies
import HarnessIssues
import HarnessTesting
import Testing

/// `continuousClock` and `suspendingClock` (Builtins/ContinuousClock.swift,
/// Builtins/SuspendingClock.swift) behave alike: each test runs for both.
enum ClockDependency: String, CaseIterable, Sendable {
  case continuousClock
  case suspendingClock

  /// The clock the dependency gives here.
  var clock: any Clock<Duration> {
    switch self {
    case .continuousClock: DependencyValues.current.continuousClock
    case .suspendingClock: DependencyValues.current.suspendingClock
    }
  }

  func override(_ values: inout DependencyValues, with clock: any Clock<Duration>) {
    switch self {
    case .continuousClock: values.continuousClock = clock
    case .suspendingClock: values.suspendingClock = clock
    }
  }

  func isLiveClock(_ clock: any Clock<Duration>) -> Bool {
    switch self {
    case .continuousClock: clock is ContinuousClock
    case .suspendingClock: clock is SuspendingClock
    }
  }
}

struct ClockTests {
  @Test(arguments: ClockDependency.allCases)
  func testValueReportsItsFirstUseOnceNamingTheDependency(_ dependency: ClockDependency) async {
    let collector = IssueCollector()
    try? await withIssueReporters([collector]) {
      // The default is made once per test: every read here gets the same clock.
      for _ in 0..<3 { try await dependency.clock.sleep(for: .seconds(3_600)) }
    }
    let messages = collector.issues.map(\.message)
    // Sleeping for a duration reads `now` first: that first use is the one issue.
    #expect(messages.count == 1)
    #expect(messages.first?.hasPrefix("Unimplemented: \(dependency.rawValue).now") == true)
    #expect(messages.first?.contains("@Dependency(\\.\(dependency.rawValue))") == true)
  }

  @Test func anUnimplementedClocksNowIsReportedAtTheUsersDependencyProperty() {
    let line = #line + 1
    @Dependency(\.continuousClock) var clock
    let collector = IssueCollector()
    withIssueReporters([collector]) { _ = clock.now }
    #expect(collector.issues.count == 1)
    #expect(collector.issues.first?.location.fileID == "HarnessDependenciesTests/ClockTests.swift")
    #expect(collector.issues.first?.location.line == UInt(line))
  }

  @Test(.timeLimit(.minutes(1)), arguments: ClockDependency.allCases)
  func overriddenWithAnImmediateClock(_ dependency: ClockDependency) async throws {
    try await withDependencies { dependency.override(&$0, with: ImmediateClock()) } operation: {
      // Returns at once: an hour of the test's time costs none of the machine's.
      try await dependency.clock.sleep(for: .seconds(3_600))
    }
  }

  @Test(arguments: ClockDependency.allCases)
  func overriddenWithATestClock(_ dependency: ClockDependency) {
    let testClock = TestClock()
    withDependencies { dependency.override(&$0, with: testClock) } operation: {
      #expect((dependency.clock as? TestClock<Duration>) === testClock)
    }
  }

  @Test(arguments: ClockDependency.allCases)
  func liveValueIsTheSystemClock(_ dependency: ClockDependency) {
    withDependencies { $0.context = .live } operation: {
      #expect(dependency.isLiveClock(dependency.clock))
    }
  }
}
