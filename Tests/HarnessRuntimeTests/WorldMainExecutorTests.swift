import Dispatch
import HarnessIssues
import HarnessRuntime
import Testing

/// A world's main-actor jobs are its own: they run on the main queue, one at a time, in the
/// world's order, and a settle knows when they are done.
@Suite struct WorldMainExecutorTests {
  @MainActor final class Model {
    var steps: [String] = []
    func load() async {
      steps.append("start")
      await Task.yield()
      steps.append("end")
    }
  }

  @Test func everyKindOfMainActorHopIsTheWorlds() async {
    let engine = Engine()
    await engine.inWorld { world in
      /// Whether the main-actor code running now is `world`'s, on the main queue.
      @MainActor func onWorldsMainActor() -> Bool {
        dispatchPrecondition(condition: .onQueue(.main))
        MainActor.assertIsolated()
        return runsIn(world)
      }
      #expect(await onWorldsMainActor(), "a call of a @MainActor function")
      let viaRun = await MainActor.run { onWorldsMainActor() }
      #expect(viaRun, "MainActor.run")
      #expect(await Task { @MainActor in onWorldsMainActor() }.value, "Task { @MainActor in }")
      #expect(await Task.detached { @MainActor in onWorldsMainActor() }.value, "Task.detached { @MainActor in }")
      #expect(await Task { await onWorldsMainActor() }.value, "a task of the test hopping over")
    }
  }

  /// Main-actor work the test started is waited for by a settle: a model method that suspends
  /// halfway has run to its end when the settle returns.
  @Test func aSettleWaitsForTheWorldsMainActorWork() async {
    let engine = Engine()
    await engine.inWorld { world in
      let model = Model()
      let task = Task { await model.load() }
      #expect(await world.settle(.settleOnly()).isEmpty)
      #expect(await model.steps == ["start", "end"])
      await task.value
    }
  }
}
