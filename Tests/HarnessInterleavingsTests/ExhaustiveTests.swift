import Foundation
import HarnessInterleavings
import HarnessIssues
import HarnessStore
import HarnessTesting
import Testing

/// Three tasks, each making three calls to an actor of its own: the benchmark model of bounded
/// exhaustive exploration (InterleavingsBenchmark runs it too).
@Sendable func threeTasksOfThreeActorCalls() async {
  await withTaskGroup(of: Void.self) { group in
    for _ in 0..<3 {
      group.addTask {
        let counter = Counter()
        for _ in 0..<3 { await counter.increment() }
      }
    }
  }
}

/// Explores `body` exhaustively up to 2 preemptions, expecting one failure: its message.
private func exhaustiveFailure(
  _ body: @escaping @Sendable () async -> Void, sourceLocation: SourceLocation = #_sourceLocation
) async -> String? {
  let messages = Locked<[String]>([])
  await withExpectedIssue {
    await withInterleavings(.exhaustive(preemptions: 2), body)
  } matching: { issue in
    messages.withLock { $0.append(issue.message) }
    return issue.message.hasPrefix("Interleaving exploration: schedule ")
  }
  let all = messages.withLock { $0 }
  #expect(all.count == 1, "one report per exploration", sourceLocation: sourceLocation)
  return all.first
}

@Suite struct ExhaustiveTests {
  /// The planted bugs, each of depth at most 2, and their fixes (PlantedBugs.swift).
  static let bugs: [(name: String, buggy: @Sendable () async -> Void, fixed: @Sendable () async -> Void)] = [
    (
      "actor reentrancy",
      { #expect(await twoWithdrawals(fixed: false).balance >= 0) },
      {
        let (succeeded, balance) = await twoWithdrawals(fixed: true)
        #expect(balance == 20 && succeeded == 1)
      }
    ),
    (
      "lost update",
      { #expect(await twoIncrements(lostUpdateIncrement) == 2) },
      { #expect(await twoIncrements(atomicIncrement) == 2) }
    ),
    (
      "cancellation race",
      { #expect(await cancelWhileSending(sendUnlessCancelled) != ["cancel", "sent"]) },
      { #expect(await cancelWhileSending(sendUnlessCancelledFixed) != ["cancel", "sent"]) }
    ),
    (
      "stream order",
      { #expect(await receiveFromTwoProducers(tagged: false) == ["first", "second"]) },
      { #expect(await receiveFromTwoProducers(tagged: true) == ["first", "second"]) }
    ),
    (
      "store responses",
      {
        let store = Store(initialState: Search.State()) { Search(dropsStaleResponses: false) }
        store.send(.queryChanged("a"))
        store.send(.queryChanged("ab"))
        await store.finishEffects()
        #expect(store.state.results == ["ab result"])
      },
      {
        let store = Store(initialState: Search.State()) { Search(dropsStaleResponses: true) }
        store.send(.queryChanged("a"))
        store.send(.queryChanged("ab"))
        await store.finishEffects()
        #expect(store.state.results == ["ab result"])
      }
    ),
  ]

  @Test(arguments: bugs.indices)
  func findsEachPlantedBugWithTwoPreemptionsShrunkAndReplayable(bug: Int) async throws {
    let message = try #require(await exhaustiveFailure(Self.bugs[bug].buggy), "\(Self.bugs[bug].name)")
    #expect(message.contains("of the exhaustive exploration (up to 2 preemptions) failed."))
    let size = try #require(shrunkSize(in: message), "\(Self.bugs[bug].name): \(message)")
    #expect(size.preemptions <= 2)
    let replay = try #require(replayString(in: message))
    #expect(replay.hasPrefix("exhaustive2:0:"))
    await withExpectedIssue {
      await withInterleavings(replay: replay, Self.bugs[bug].buggy)
    } matching: { $0.message.contains("failed, as recorded") }
  }

  /// The fixes explored to completion, with the number of schedules each takes (stable: the
  /// search is deterministic).
  @Test(arguments: zip(bugs.indices, [(25, 10, 39), (66, 16, 98), (18, 0, 18), (26, 4, 34), (68, 662, 1406)]))
  func eachFixIsCompleteWithItsCount(bug: Int, expected: (explored: Int, pruned: Int, unpruned: Int)) async throws {
    let report = try #require(await withInterleavings(.exhaustive(preemptions: 2), Self.bugs[bug].fixed))
    let unpruned = try #require(
      await withInterleavings(.exhaustive(preemptions: 2, pruning: false), Self.bugs[bug].fixed))
    #expect(unpruned.exhaustive?.isComplete == true)
    let outcome = try #require(report.exhaustive)
    #expect(outcome.isComplete, "\(Self.bugs[bug].name)")
    #expect(
      report.description.contains(
        "Exhaustive, up to 2 preemptions: complete: \(outcome.schedulesExplored) schedules explored (\(outcome.schedulesPruned) pruned)."))
    guard countsAreThoseOfAPlainDebugBuild else {
      // Release and ThreadSanitizer builds compile other hops, so other counts: stable all the same.
      let again = try #require(await withInterleavings(.exhaustive(preemptions: 2), Self.bugs[bug].fixed))
      #expect(again.exhaustive?.schedulesExplored == outcome.schedulesExplored, "\(Self.bugs[bug].name)")
      #expect(outcome.schedulesExplored <= unpruned.exhaustive?.schedulesExplored ?? 0, "\(Self.bugs[bug].name)")
      return
    }
    #expect(unpruned.exhaustive?.schedulesExplored == expected.unpruned, "\(Self.bugs[bug].name)")
    #expect(outcome.schedulesExplored == expected.explored, "\(Self.bugs[bug].name)")
    #expect(outcome.schedulesPruned == expected.pruned, "\(Self.bugs[bug].name)")
  }

  @Test func theBenchmarkModelsCountIsStableAndPruned() async throws {
    let pruned = try #require(await withInterleavings(.exhaustive(preemptions: 2), threeTasksOfThreeActorCalls))
    let unpruned = try #require(
      await withInterleavings(.exhaustive(preemptions: 2, pruning: false), threeTasksOfThreeActorCalls))
    #expect(pruned.exhaustive?.isComplete == true)
    #expect(unpruned.exhaustive?.isComplete == true)
    guard countsAreThoseOfAPlainDebugBuild else {
      let again = try #require(await withInterleavings(.exhaustive(preemptions: 2), threeTasksOfThreeActorCalls))
      #expect(again.exhaustive?.schedulesExplored == pruned.exhaustive?.schedulesExplored)
      #expect(pruned.exhaustive?.schedulesExplored ?? .max < unpruned.exhaustive?.schedulesExplored ?? 0)
      return
    }
    #expect(pruned.exhaustive?.schedulesExplored == 7998)
    #expect(unpruned.exhaustive?.schedulesExplored == 10014)
  }

  @Test func theCapEndsItNotComplete() async throws {
    let report = try #require(
      await withInterleavings(.exhaustive(preemptions: 2, maxSchedules: 10), threeTasksOfThreeActorCalls))
    let outcome = try #require(report.exhaustive)
    #expect(!outcome.isComplete)
    #expect(outcome.reachedCap)
    #expect(report.iterations == 10)
    #expect(report.description.contains("not complete: stopped at the cap of 10 runs"))
  }

  @Test func aNegativeBoundIsReported() async {
    await withExpectedIssue {
      let report = await withInterleavings(.exhaustive(preemptions: -1)) {}
      #expect(report == nil)
    } matching: {
      $0.message.hasPrefix(".exhaustive(preemptions: -1, maxSchedules: 100000) explores nothing: it needs a preemption bound of 0 or more")
    }
  }

  @Test(.interleavings(.exhaustive(preemptions: 2)))
  func theTraitExploresExhaustively() async {
    let (succeeded, balance) = await twoWithdrawals(fixed: true)
    #expect(balance == 20)
    #expect(succeeded == 1)
  }
}

/// Whether the schedule counts asserted here apply: they were counted in a debug build without
/// ThreadSanitizer (the optimizer and the sanitizer's instrumentation change which calls hop).
let countsAreThoseOfAPlainDebugBuild: Bool = {
  #if DEBUG
    return dlsym(dlopen(nil, RTLD_NOW), "__tsan_init") == nil
  #else
    return false
  #endif
}()

// The example of the article "Exploring interleavings" (exhaustive mode), kept compiling and passing.
actor ArticleTally {
  private(set) var count = 0
  func add() { count += 1 }
}

@Test(.interleavings(.exhaustive(preemptions: 2)))
func articleThreeClientsAddOnceEach() async {
  let tally = ArticleTally()
  await withTaskGroup(of: Void.self) { group in
    for _ in 0..<3 { group.addTask { await tally.add() } }
  }
  #expect(await tally.count == 3)
}
