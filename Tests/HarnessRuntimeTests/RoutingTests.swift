import Dispatch
import HarnessIssues
import HarnessRuntime
import Testing

/// A task belongs to the world of the code that created it, decided as its first job is
/// enqueued, never later: every kind of task a test creates is the test's, and a task of another
/// test, or of no test, that the test's work resumes stays where it belongs.
@Suite struct RoutingTests {
  @Test func everyKindOfTaskTheTestCreatesIsItsWorlds() async {
    let engine = Engine()
    await engine.inWorld { world in
      #expect(runsIn(world), "the test's body")
      #expect(await Task { runsIn(world) }.value, "Task {}")
      #expect(await Task.detached { runsIn(world) }.value, "Task.detached")
      async let child = runsIn(world)
      #expect(await child, "async let")
      let grouped = await withTaskGroup(of: Bool.self) { group in
        group.addTask { runsIn(world) }
        return await group.next() ?? false
      }
      #expect(grouped, "a task group's child")
      #expect(await Probe().runsIn(world), "an actor called by the test")
      #expect(await Task { await Probe().runsIn(world) }.value, "an actor called by a task of the test")
      #expect(await Task { await Task { runsIn(world) }.value }.value, "a task a task of the test created")
    }
  }

  /// A `Task.yield()` stays in the world: its continuation job is the world's, so the task comes
  /// back on the world's executor (it left for the dispatch pool when jobs ran on the global
  /// executor's identity).
  @Test func aYieldAfterAnActorCallStaysInTheWorld() async {
    let engine = Engine()
    await engine.inWorld { world in
      let places = await Task {
        var places: [Bool] = []
        for _ in 1...5 {
          places.append(await Probe().runsIn(world))
          await Task.yield()
          places.append(runsIn(world))
        }
        return places
      }.value
      #expect(places == Array(repeating: true, count: 10))
    }
  }

  /// Two tests share an event bus: the listener's task, waiting in its own world, is resumed by
  /// the poster's task and goes on in the listener's world, never in the poster's.
  @Test func aTaskOfAnotherTestResumedByThisTestStaysInItsOwnWorld() async {
    let engine = Engine()
    let (events, bus) = AsyncStream<Int>.makeStream()
    let heard = Locked<[Bool]>([])
    let listener = Task.detached {
      await engine.inWorld { world in
        for await _ in events { heard.withLock { $0.append(runsIn(world)) } }
      }
    }
    await engine.inWorld { poster in
      await Task {
        for event in 1...3 { bus.yield(event) }
        bus.finish()
        #expect(runsIn(poster))
      }.value
    }
    await listener.value
    #expect(heard.withLock { $0 } == [true, true, true])
  }

  /// A task of no test, resumed by a test's task, runs where it would have run without Harness.
  @Test func aTaskOfNoTestResumedByATestStaysOutside() async {
    let engine = Engine()
    let (events, bus) = AsyncStream<Int>.makeStream()
    let outside = Task.detached {
      var places: [Bool] = []
      for await _ in events { places.append(currentWorld() == nil && World.onCurrentThread == nil) }
      return places
    }
    await engine.inWorld { _ in
      await Task {
        bus.yield(1)
        bus.finish()
      }.value
    }
    #expect(await outside.value == [true])
  }

  /// Two engines are values: neither sees the other's worlds.
  @Test func enginesDoNotShareTheirWorlds() async {
    let first = Engine()
    let second = Engine()
    await first.inWorld { world in
      #expect(first.liveWorlds.contains { $0 === world })
      #expect(!second.liveWorlds.contains { $0 === world })
      #expect(!Engine.process.liveWorlds.contains { $0 === world })
    }
    #expect(first.liveWorlds.isEmpty)
  }
}
