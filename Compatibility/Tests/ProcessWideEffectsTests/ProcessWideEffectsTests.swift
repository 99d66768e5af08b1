import CompatibilityFixtures
import ConcurrencyExtras
import HarnessClocks
import Testing

// What swift-concurrency-extras' main serial executor does to the process, with Harness's tests
// in the same test binary: it holds the runtime's global enqueue hook for its scope (a
// `withMainSerialExecutor`, a Composable Architecture `TestStore`'s lifetime), and afterwards
// the process is as it would be without Harness: the slot is empty, and tasks of no test run on
// the global pool again. Harness's clocks keep settling during and after it. Each check runs in a
// process of its own (an exit test): the slot is the process's, and other suites run in parallel.

@Suite struct ProcessWideEffectsTests {
  @Test func withMainSerialExecutorLeavesTheProcessAsItFoundIt() async {
    await #expect(processExitsWith: .success) {
      precondition(!uncheckedUseMainSerialExecutor, "Harness left the global enqueue hook empty")
      precondition(!(await aTaskOfNoTestRunsOnTheMainQueue()))
      await withMainSerialExecutor {
        precondition(uncheckedUseMainSerialExecutor)
        precondition(await aTaskOfNoTestRunsOnTheMainQueue(), "their hook works in its scope")
        // Harness's clock test settles inside it.
        precondition(try! await wakeThreeSleepers(on: TestClock()) == [[1], [1, 2, 3]])
      }
      precondition(!uncheckedUseMainSerialExecutor, "their restore empties the slot again")
      precondition(!(await aTaskOfNoTestRunsOnTheMainQueue()), "tasks of no test are back on the pool")
      precondition(try! await wakeThreeSleepers(on: TestClock()) == [[1], [1, 2, 3]])
    }
  }

  @Test func aTCAStyleStoreLeavesTheProcessAsItFoundIt() async {
    await #expect(processExitsWith: .success) {
      do {
        let store = TCAStyleTestStore()
        precondition(await aTaskOfNoTestRunsOnTheMainQueue())
        precondition(try! await wakeThreeSleepers(on: TestClock()) == [[1], [1, 2, 3]])
        withExtendedLifetime(store) {}
      }
      precondition(!uncheckedUseMainSerialExecutor)
      precondition(!(await aTaskOfNoTestRunsOnTheMainQueue()))
      precondition(try! await wakeThreeSleepers(on: TestClock()) == [[1], [1, 2, 3]])
    }
  }
}
