import CompatibilityFixtures
import ConcurrencyExtras
import Foundation
import HarnessClocks
import Testing

// What swift-concurrency-extras' main serial executor does to the process, with Harness's tests
// in the same test binary: it holds the runtime's global enqueue hook for its scope (a
// `withMainSerialExecutor`, a Composable Architecture `TestStore`'s lifetime), and afterwards
// the process is as it would be without Harness: the slot is empty, and tasks of no test run on
// the global pool again. Harness's clocks keep settling during and after it. Each check runs in a
// process of its own (an exit test): the slot is the process's, and other suites run in parallel.

/// Ends the exit test's process with a failure, saying why, unless `condition` holds.
private func require(_ condition: Bool, _ message: String) {
  guard !condition else { return }
  FileHandle.standardError.write(Data("failed: \(message)\n".utf8))
  exit(EXIT_FAILURE)
}

@Suite struct ProcessWideEffectsTests {
  @Test func withMainSerialExecutorLeavesTheProcessAsItFoundIt() async {
    await #expect(processExitsWith: .success) {
      require(!uncheckedUseMainSerialExecutor, "Harness left the global enqueue hook empty")
      let before = await aTaskOfNoTestRunsOnTheMainQueue()
      require(!before, "a task of no test runs on the global pool")
      await withMainSerialExecutor {
        require(uncheckedUseMainSerialExecutor, "their hook is in the slot in its scope")
        let inside = await aTaskOfNoTestRunsOnTheMainQueue()
        require(inside, "their hook sends a task of no test to the main queue")
        let woken = try? await wakeThreeSleepers(on: TestClock())
        require(woken == [[1], [1, 2, 3]], "Harness's clock settles inside their scope: \(String(describing: woken))")
      }
      require(!uncheckedUseMainSerialExecutor, "their restore empties the slot again")
      let after = await aTaskOfNoTestRunsOnTheMainQueue()
      require(!after, "tasks of no test are back on the pool")
      let woken = try? await wakeThreeSleepers(on: TestClock())
      require(woken == [[1], [1, 2, 3]], "Harness's clock settles after their scope")
      exit(EXIT_SUCCESS)
    }
  }

  @Test func aTCAStyleStoreLeavesTheProcessAsItFoundIt() async {
    await #expect(processExitsWith: .success) {
      do {
        let store = TCAStyleTestStore()
        let inside = await aTaskOfNoTestRunsOnTheMainQueue()
        require(inside, "the store's hook sends a task of no test to the main queue")
        let woken = try? await wakeThreeSleepers(on: TestClock())
        require(woken == [[1], [1, 2, 3]], "Harness's clock settles in the store's lifetime")
        withExtendedLifetime(store) {}
      }
      require(!uncheckedUseMainSerialExecutor, "the store's deinit empties the slot again")
      let after = await aTaskOfNoTestRunsOnTheMainQueue()
      require(!after, "tasks of no test are back on the pool")
      let woken = try? await wakeThreeSleepers(on: TestClock())
      require(woken == [[1], [1, 2, 3]], "Harness's clock settles after the store")
      exit(EXIT_SUCCESS)
    }
  }
}
