import Foundation
import HarnessDependencies
import HarnessIssues
import HarnessTesting
import Testing

struct AssertionsTests {
  @Test func testAssertReportsAFailedCondition() {
    @Dependency(\.assert) var assert
    let collector = IssueCollector()
    withIssueReporters([collector]) {
      assert(1 + 1 == 3, "math is broken")
    }
    let line = #line - 2
    #expect(collector.issues.map(\.message) == ["Assertion failed: math is broken"])
    #expect(collector.issues.first?.location.line == UInt(line))
    #expect(collector.issues.first?.location.fileID == "HarnessDependenciesTests/AssertionsTests.swift")
  }

  @Test func testPreconditionReportsAFailedCondition() {
    @Dependency(\.precondition) var precondition
    withExpectedIssue {
      precondition(false)
    } matching: { $0.message == "Assertion failed" }
  }

  @Test func aHoldingConditionReportsNothing() {
    @Dependency(\.assert) var assert
    @Dependency(\.precondition) var precondition
    let collector = IssueCollector()
    withIssueReporters([collector]) {
      assert(true, "fine")
      precondition(true, "fine")
    }
    #expect(collector.issues.isEmpty)
  }

  @Test func theMessageIsOnlyBuiltOnFailure() {
    @Dependency(\.assert) var assert
    var built = false
    assert(true, { built = true; return "never" }())
    #expect(!built)
  }

  @Test func liveAssertionsPassAHoldingCondition() {
    withDependencies { $0.context = .live } operation: {
      @Dependency(\.assert) var assert
      @Dependency(\.precondition) var precondition
      assert(true)
      precondition(true)
    }
  }

  @Test func theLivePreconditionStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      withFreshDependencies { $0.context = .live } operation: {
        @Dependency(\.precondition) var precondition
        precondition(false, "stop")
      }
    }
  }

  @Test func customAssertionsReceiveTheCallersLocation() {
    let lines = LockedLines()
    let assert = AssertionEffect { condition, message, _, _, line, _ in
      if !condition() { lines.append(line, message()) }
    }
    assert(false, "custom")
    #expect(lines.value.map(\.0) == [#line - 1])
    #expect(lines.value.map(\.1) == ["custom"])
  }
}

private final class LockedLines: @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [(UInt, String)] = []
  func append(_ line: UInt, _ message: String) { lock.withLock { lines.append((line, message)) } }
  var value: [(UInt, String)] { lock.withLock { lines } }
}

struct AssertionFailureTests {
  @Test func testValueReportsTheFailureAtTheCaller() {
    @Dependency(\.assertionFailure) var assertionFailure
    withExpectedIssue {
      assertionFailure("unexpected state")
    } matching: { issue in
      issue.message == "Assertion failed: unexpected state"
        && issue.location.fileID == "HarnessDependenciesTests/AssertionsTests.swift"
    }
  }

  @Test func followsTheAssertDependency() {
    let failures = LockIsolated<[String]>([])
    withDependencies {
      $0.assert = AssertionEffect { condition, message, _, _, _, _ in
        guard !condition() else { return }
        let text = message()
        failures.withValue { $0.append(text) }
      }
    } operation: {
      @Dependency(\.assertionFailure) var assertionFailure
      assertionFailure("counted")
    }
    #expect(failures.value == ["counted"])
  }
}
