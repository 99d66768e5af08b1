#if Schedulers
import HarnessIssues
import HarnessSchedulers
import HarnessTesting
import XCTest

/// XCTest runs tests on the main thread: the async advance must settle main actor work there
/// too, and expected issues go through `DependencyTestCase`.
final class TestSchedulerXCTests: DependencyTestCase {
  @MainActor
  func testAsyncAdvanceSettlesMainActorWorkStartedByAnAction() async {
    let scheduler = DispatchQueue.test
    let model = Model()
    scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) {
      Task { @MainActor in
        await Task.yield()
        model.loaded = true
      }
    }
    await scheduler.advance(by: .seconds(1))
    XCTAssertTrue(model.loaded)
  }

  /// The main actor task leaves the main actor (a nonisolated call) and comes back: the advance
  /// waits for it as it does for a yield.
  @MainActor
  func testAsyncAdvanceSettlesMainActorWorkThatCallsNonisolatedCode() async {
    let model = Model()
    let scheduler = DispatchQueue.test
    scheduler.schedule { Task { @MainActor in await model.load() } }
    await scheduler.advance()
    XCTAssertTrue(model.loaded)
  }

  func testRunWithATimerReportsUnderXCTest() async {
    let scheduler = RunLoop.test
    let timer = scheduler.schedule(after: scheduler.now, interval: .seconds(1)) {}
    await withExpectedIssue {
      await scheduler.run(maxActions: 10)
    } matching: { issue in
      issue.message.hasPrefix("run() ran 10 actions and more keep coming")
        && issue.message.contains("The test scheduler RunLoop.test stopped at 9 s after its start")
    }
    timer.cancel()
  }
}

@MainActor
private final class Model {
  var loaded = false

  func load() async {
    loaded = await Self.fetch()
  }

  // Nonisolated: a call from the main actor leaves it for a few jobs, and the answer goes back.
  private nonisolated static func fetch() async -> Bool {
    for _ in 0..<3 { await Task.yield() }
    return true
  }
}
#endif
