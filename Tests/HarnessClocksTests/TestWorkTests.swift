import HarnessClocks
import Synchronization
import Testing

@Suite struct TestWorkTests {
  @Test func settleLetsStartedWorkRunUntilItFinishes() async {
    let work = TestWork()
    let steps = Atomic(0)
    let task = Task {
      for _ in 0..<3 {
        steps.add(1, ordering: .relaxed)
        await Task.yield()
      }
    }
    await work.settle()
    #expect(steps.load(ordering: .relaxed) == 3)
    await task.value
  }
}
