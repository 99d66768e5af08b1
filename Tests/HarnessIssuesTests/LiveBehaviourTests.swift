import Foundation
import Testing

/// Runs `HarnessLiveFixture`, a program linking only HarnessIssues, the way an app would.
@Suite struct LiveBehaviourTests {
  @Test func issuesPrintOneLinePerCallSiteAndTheProgramGoesOn() throws {
    let run = try runLiveFixture()
    #expect(run.status == 0)
    let lines = run.stderr.split(separator: "\n").map(String.init)
    #expect(lines == [
      "HarnessLiveFixture/main.swift:6: live issue, attempt 1",
      "HarnessLiveFixture/main.swift:8: another call site",
    ])
    #expect(run.stdout.contains("isTesting: false"))
    #expect(run.stdout.contains("context: nil"))
    #expect(run.stdout.contains("still running, value: nil"))
  }

  /// An app on the `Harness` umbrella running a live store's effects installs nothing and starts
  /// no engine thread: only a test-support type (a `TestClock`) installs the engine, as the
  /// process's default executor, and it never writes the runtime's global enqueue hook.
  @Test func aLiveStorePaysNothingForTheTestEngine() throws {
    let run = try runLiveFixture(named: "HarnessLiveAppFixture")
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("effects finished: 100"), "\(run.stdout)")
    #expect(run.stdout.contains("hook set by the live store: false"), "\(run.stdout)")
    #expect(run.stdout.contains("default executor after the live store: DispatchGlobalTaskExecutor"), "\(run.stdout)")
    #expect(run.stdout.contains("Harness threads after the live store: 0"), "\(run.stdout)")
    #expect(run.stdout.contains("hook set by a TestClock: false"), "\(run.stdout)")
    #expect(run.stdout.contains("default executor after a TestClock: ProcessRouter"), "\(run.stdout)")
  }

  @Test func productionBinaryLinksNoTestFramework() throws {
    let binary = try Data(contentsOf: liveFixtureURL())
    #expect(binary.range(of: Data("libXCTest.so".utf8)) == nil)
    #expect(binary.range(of: Data("libTesting.so".utf8)) == nil)
  }

  struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  func liveFixtureURL(named name: String = "HarnessLiveFixture") -> URL {
    // The fixture is built next to the test bundle.
    URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      .deletingLastPathComponent().appendingPathComponent(name)
  }

  func runLiveFixture(named name: String = "HarnessLiveFixture") throws -> Run {
    let process = Process()
    process.executableURL = liveFixtureURL(named: name)
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus,
      stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: stderr, as: UTF8.self)
    )
  }
}
