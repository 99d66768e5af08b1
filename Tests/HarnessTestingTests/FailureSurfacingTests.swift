import Foundation
import HarnessIssues
import Testing

/// Runs this very test binary again, on the deliberately failing fixtures, and checks that
/// every reported issue surfaced as a failure of the right test with the right message and line.
@Suite struct FailureSurfacingTests {
  @Test func swiftTestingFailsTheRightTests() async throws {
    let run = try await runFixtures(["--testing-library", "swift-testing", "--filter", "FailingFixtures"])
    #expect(run.status != 0)
    let output = run.output
    #expect(output.contains("reportsFromTheTest() recorded an issue at Fixtures.swift:16:"))
    #expect(output.contains("reportsFromTheTest() recorded an issue at Fixtures.swift:16:16: Expectation failed: fixture: from the test"))
    #expect(output.contains("reportsFromTask() recorded an issue at Fixtures.swift:20:"))
    #expect(output.contains("reportsFromTaskGroup() recorded an issue at Fixtures.swift:29:"))
    // A detached task inherits no test: the issue still fails the run, on no particular test.
    #expect(output.contains("fixture: from Task.detached"))
    #expect(output.contains("expectsAnIssueThatNeverComes() recorded an issue at Fixtures.swift:34:"))
    #expect(output.contains("Expected an issue to be reported, but none was."))
    #expect(output.contains("reportsAWarningOnly() recorded a warning at Fixtures.swift:38:"))
    #expect(lines(of: output, containing: "Test passes() passed").count == 1)
    #expect(lines(of: output, containing: "Test reportsAWarningOnly() passed").count == 1)
    #expect(lines(of: output, containing: "Test reportsFromTheTest() failed").count == 1)
  }

  /// The headline `swift test` prints for an issue is its message's first line (after Swift
  /// Testing's fixed "Expectation failed: "; its public API has no other headline), not
  /// "Issue recorded"; the rest of the message follows on the `↳` lines.
  @Test func swiftTestingHeadlineIsTheMessage() async throws {
    let run = try await runFixtures(["--testing-library", "swift-testing", "--filter", "FailingHeadlineFixtures"])
    #expect(run.status != 0)
    let lines = run.output.split(separator: "\n").map(String.init)
    let prefix = "✘ Test reportsAMultilineMessage() recorded an issue at HeadlineFixtures.swift:10:16: "
    let index = lines.firstIndex { $0.hasPrefix(prefix) }
    #expect(index != nil, "\(run.output)")
    guard let index else { return }
    #expect(lines[index].dropFirst(prefix.count) == "Expectation failed: Unimplemented: 'Client.fetch'")
    #expect(Array(lines[(index + 1)...].prefix(2)) == ["↳ Invoked with:", "    42"])
    #expect(!run.output.contains("Issue recorded"))
  }

  @Test func xcTestFailsTheRightTests() async throws {
    let run = try await runFixtures(["HarnessTestingTests.FailingXCTestFixtures"])
    #expect(run.status != 0)
    let output = run.output
    #expect(
      output.contains(
        "Fixtures.swift:52: error: FailingXCTestFixtures.testReportsFromTheTest : fixture: xctest from the test"
      )
    )
    // XCTest runs one test at a time, so even a detached task's issue lands on the right test.
    #expect(
      output.contains(
        "Fixtures.swift:56: error: FailingXCTestFixtures.testReportsFromDetachedTask : fixture: xctest from Task.detached"
      )
    )
    #expect(
      output.contains(
        "Fixtures.swift:60: error: FailingXCTestFixtures.testExpectsAnIssueThatNeverComes : Expected an issue to be reported"
      )
    )
    #expect(output.contains("Test Case 'FailingXCTestFixtures.testPasses' passed"))
    #expect(output.contains("Executed 4 tests, with 3 failures"))
  }

  /// Corelibs XCTest gives a plain `XCTestCase` no hook to expect an `XCTFail`: the failure
  /// stands, and the expected-issue failure lists it and names the fix.
  @Test func xcTestFailInAPlainTestCaseNamesTheFix() async throws {
    let run = try await runFixtures(["HarnessTestingTests.PlainXCTestExpectedIssueFixtures"])
    #expect(run.status != 0)
    let output = run.output
    #expect(output.contains("PlainXCTestExpectedIssueFixtures.testXCTFailInAPlainTestCase : failed - plain fixture failure"))
    #expect(
      output.contains(
        """
        Expected an issue, but none was reported where withExpectedIssue can see it.

        The test framework recorded a failure in the body where withExpectedIssue cannot expect it (each fails the test on its own):
          • PlainXCTestFixtures.swift:12: failed - plain fixture failure
        XCTest failures (XCTFail, XCTAssert…) count as expected issues only in a DependencyTestCase: \
        make PlainXCTestExpectedIssueFixtures inherit from DependencyTestCase instead of XCTestCase.
        """
      )
    )
    #expect(output.contains("Executed 1 test, with 2 failures"))
  }

  private func lines(of output: String, containing text: String) -> [Substring] {
    output.split(separator: "\n").filter { $0.contains(text) }
  }
}

struct FixtureRun {
  var status: Int32
  var output: String
}

/// How long a fixture process may run (under ThreadSanitizer on a loaded machine, a minute or two).
let fixtureRunLimitSeconds = 600

/// Runs the current test executable with `arguments` and the fixtures enabled, waiting for it on
/// a thread of its own: a child process (a minute or more under ThreadSanitizer) must not hold a
/// thread of the cooperative pool, which every other test's work needs (2 threads on 2 cores;
/// two fixtures waiting on them once stalled the whole suite's real sleeps for a minute).
func runFixtures(_ arguments: [String]) async throws -> FixtureRun {
  try await withCheckedThrowingContinuation { continuation in
    let waiter = Thread { continuation.resume(with: Result { try runFixturesWaiting(arguments) }) }
    waiter.name = "fixture-wait"
    waiter.start()
  }
}

/// Runs the fixtures and blocks the calling thread until they end.
private func runFixturesWaiting(_ arguments: [String]) throws -> FixtureRun {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
  process.arguments = arguments
  var environment = ProcessInfo.processInfo.environment
  environment["HARNESS_FAILING_FIXTURES"] = "1"
  environment["NO_COLOR"] = "1"
  process.environment = environment
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = pipe
  try process.run()
  // A fixture that hangs ends with a report rather than hanging the test run that started it.
  let pid = process.processIdentifier
  let deadline = DispatchWorkItem { kill(pid, SIGKILL) }
  DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(fixtureRunLimitSeconds), execute: deadline)
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  deadline.cancel()
  var output = String(decoding: data, as: UTF8.self)
  if process.terminationReason == .uncaughtSignal, process.terminationStatus == SIGKILL {
    output += "\n[the fixture process did not end within \(fixtureRunLimitSeconds) s and was killed: it hung]"
  }
  return FixtureRun(status: process.terminationStatus, output: output)
}
