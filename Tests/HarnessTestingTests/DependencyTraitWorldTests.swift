import HarnessTesting
import Testing

/// A test in a dependency trait's scope has a world from its first line, as a
/// `DependencyTestCase` test does: a task it starts before its first clock or store call is
/// followed from its first job.
@Suite(.dependencies)
struct DependencyTraitWorldTests {
  @Test(arguments: 0..<5)
  func anAdvanceWaitsForATaskStartedBeforeAnyHarnessCall(_ run: Int) async {
    let woke = await aTaskStartedBeforeAnyHarnessCallWakesOnTheAdvance()
    #expect(woke, "run \(run): the task slept after the advance")
  }
}
