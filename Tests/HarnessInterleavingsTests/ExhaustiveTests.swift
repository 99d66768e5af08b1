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
  /// search is deterministic): explored and pruned with pruning, explored without.
  @Test(arguments: zip(bugs.indices, [(20, 15, 39), (50, 30, 98), (14, 4, 18), (20, 8, 34), (7, 723, 1406)]))
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
      #expect((pruned.exhaustive?.schedulesExplored ?? .max) * 5 <= unpruned.exhaustive?.schedulesExplored ?? 0)
      return
    }
    // At most a fifth of the unpruned search (issue 35): 1,661 of 10,014, 0.17.
    #expect(pruned.exhaustive?.schedulesExplored == 1661)
    #expect(unpruned.exhaustive?.schedulesExplored == 10014)
  }

  /// Models whose outcome depends on the order of their jobs: calls of several tasks into one
  /// actor, results taken from a task group as they come, tasks each with an actor of its own
  /// and one shared, tasks ending while others call.
  static let orderSensitiveModels: [(name: String, body: @Sendable (Locked<Set<[Int]>>) async -> Void)] = [
    (
      "three tasks, one shared actor",
      { outcomes in
        let log = OrderLog()
        await inTasksOfAGroup(3) { task in
          await log.append(task)
          await log.append(task + 10)
        }
        let order = await log.entries
        outcomes.withLock { _ = $0.insert(order) }
      }
    ),
    (
      "results in the order tasks end",
      { outcomes in
        let order = await withTaskGroup(of: Int.self) { group in
          for task in 0..<3 {
            group.addTask {
              let own = OrderLog()
              for step in 0..<task + 1 { await own.append(step) }
              return task
            }
          }
          var order: [Int] = []
          for await task in group { order.append(task) }
          return order
        }
        outcomes.withLock { _ = $0.insert(order) }
      }
    ),
    (
      "own actors and one shared",
      { outcomes in
        let shared = OrderLog()
        await inTasksOfAGroup(2) { task in
          let own = OrderLog()
          await own.append(task)
          await shared.append(task)
          await own.append(task)
        }
        let order = await shared.entries
        outcomes.withLock { _ = $0.insert(order) }
      }
    ),
  ]

  /// Pruning skips only reorderings of independent jobs, so it reaches every outcome the
  /// unpruned search reaches (and the models do have several).
  @Test(arguments: orderSensitiveModels.indices)
  func pruningReachesEveryOutcome(model: Int) async throws {
    let (name, body) = Self.orderSensitiveModels[model]
    let pruned = Locked<Set<[Int]>>([])
    let unpruned = Locked<Set<[Int]>>([])
    let report = try #require(await withInterleavings(.exhaustive(preemptions: 2)) { await body(pruned) })
    let full = try #require(await withInterleavings(.exhaustive(preemptions: 2, pruning: false)) { await body(unpruned) })
    #expect(report.exhaustive?.isComplete == true, "\(name)")
    #expect(full.exhaustive?.isComplete == true, "\(name)")
    #expect(unpruned.withLock { $0.count } > 1, "\(name)")
    let reached = pruned.withLock { $0 }
    let all = unpruned.withLock { $0 }
    #expect(all.subtracting(reached).isEmpty, "\(name): outcomes pruning missed")
    #expect(reached.isSubset(of: all), "\(name)")
    #expect(report.exhaustive?.schedulesExplored ?? .max < full.exhaustive?.schedulesExplored ?? 0, "\(name)")
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

/// Runs `body` in `count` child tasks of a task group (numbered from 0), and waits for them.
func inTasksOfAGroup(_ count: Int, _ body: @escaping @Sendable (Int) async -> Void) async {
  await withTaskGroup(of: Void.self) { group in
    for task in 0..<count { group.addTask { await body(task) } }
  }
}

/// An actor that logs what it is given, in order.
actor OrderLog {
  private(set) var entries: [Int] = []
  func append(_ entry: Int) { entries.append(entry) }
}

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
