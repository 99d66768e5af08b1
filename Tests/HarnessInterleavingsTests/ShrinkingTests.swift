import HarnessInterleavings
import HarnessIssues
import HarnessStore
import HarnessTesting
import Testing

/// The planted bugs of PlantedBugs.swift, each with the fewest preemptions it needs to fail (a
/// preemption: a task paused while it could have gone on). A task that awaits another gives up
/// its turn without one, so some of these races show with none.
private let plantedBugs: [(name: String, minimalPreemptions: Int, body: @Sendable () async -> Void)] = [
  (
    // The second withdrawal must run between the first one's check and its subtraction.
    "actor reentrancy", 1,
    {
      let balance = await twoWithdrawals(fixed: false).balance
      #expect(balance >= 0)
    }
  ),
  (
    // The second increment must read between the first one's read and its write.
    "lost update", 1,
    {
      let value = await twoIncrements(lostUpdateIncrement)
      #expect(value == 2)
    }
  ),
  (
    // The sending task must check before the cancel and send after it.
    "cancellation race", 1,
    {
      let log = await cancelWhileSending(sendUnlessCancelled)
      #expect(log != ["cancel", "sent"], "sent after it was cancelled")
    }
  ),
  (
    // The producers yield in the order they run, which is not the order they were started in.
    "stream order", 0,
    {
      let received = await receiveFromTwoProducers(tagged: false)
      #expect(received == ["first", "second"])
    }
  ),
  (
    // The effects answer in the order they are scheduled, which is not the order of the requests.
    "store responses", 0,
    {
      let store = Store(initialState: Search.State()) { Search(dropsStaleResponses: false) }
      store.send(.queryChanged("a"))
      store.send(.queryChanged("ab"))
      await store.finishEffects()
      #expect(store.state.results == ["ab result"])
    }
  ),
]

/// Reads "Shrunk from N decisions / P preemptions to M / Q" (or "Not shrunk: M decisions / Q
/// preemptions") from a failure's message: (M, Q).
func shrunkSize(in message: String) -> (decisions: Int, preemptions: Int)? {
  if let range = message.range(of: #"preemptions to (\d+) / (\d+)"#, options: .regularExpression) {
    let numbers = message[range].split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
    return (numbers[0], numbers[1])
  }
  if let range = message.range(of: #"Not shrunk: (\d+) decisions / (\d+) preemptions"#, options: .regularExpression) {
    let numbers = message[range].split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
    return (numbers[0], numbers[1])
  }
  return nil
}

/// The default 200 replays with no time limit: the tests' claims about the shrunk size must not
/// depend on how fast this machine is (under ThreadSanitizer and load, 10 s ran 8 replays).
let replaysOnly = ShrinkBudget(replays: 200, duration: .seconds(3_600))

/// Explores `body` for 100 iterations, expecting it to fail: the failure's message.
private func failureMessage(
  of body: @escaping @Sendable () async -> Void, shrinking: ShrinkBudget = replaysOnly
) async -> String? {
  let messages = Locked<[String]>([])
  await withExpectedIssue {
    await withInterleavings(100, shrinking: shrinking, body)
  } matching: { issue in
    messages.withLock { $0.append(issue.message) }
    return issue.message.hasPrefix("Interleaving exploration: iteration")
  }
  return messages.withLock { $0.first }
}

@Suite struct ShrinkingTests {
  @Test(arguments: plantedBugs.indices)
  func theShrunkScheduleHasTheFewestPreemptionsAndReplaysEveryTime(bug: Int) async throws {
    let (name, minimal, body) = plantedBugs[bug]
    let message = try #require(await failureMessage(of: body), "\(name)")
    let size = try #require(shrunkSize(in: message), "\(name): \(message)")
    #expect(size.preemptions <= minimal, "\(name): \(message)")
    if minimal > 0 {
      // Minimal indeed: no schedule with fewer preemptions fails (every one of them is run).
      let fewer = await withInterleavings(.exhaustive(preemptions: minimal - 1, pruning: false), body)
      #expect(fewer?.exhaustive?.isComplete == true, "\(name)")
    }
    // Each replay runs the schedule three times (the determinism check): 300 runs, all failing.
    let replay = try #require(replayString(in: message))
    for _ in 1...100 {
      await withExpectedIssue {
        await withInterleavings(replay: replay, body)
      } matching: { $0.message.contains("failed, as recorded") && !$0.message.contains("not deterministic") }
    }
  }

  @Test func aSchedulesPreemptionsAreListedInWords() async throws {
    let message = try #require(await failureMessage(of: plantedBugs[0].body))
    #expect(message.contains("The preemptions of that schedule (a task paused while it could have gone on):"))
    #expect(message.contains(#/• at step \d+: task \d+, created in .+ was paused after \d+ jobs?, by a job of task \d+/#))
  }

  @Test func aFailureThatNeedsNoPreemptionSaysSo() async throws {
    let message = try #require(await failureMessage(of: plantedBugs[3].body))
    #expect(message.contains("No preemption: the schedule fails with every task going on while it can."))
  }

  @Test func shrinkingCanBeTurnedOff() async throws {
    let message = try #require(await failureMessage(of: plantedBugs[4].body, shrinking: .off))
    #expect(!message.contains("hrunk"))
  }

  @Test func aNegativeBudgetIsReportedAndTheFailureUnshrunk() async {
    let messages = Locked<[String]>([])
    await withExpectedIssue {
      await withInterleavings(100, shrinking: ShrinkBudget(replays: -1, duration: .seconds(1)), plantedBugs[0].body)
    } matching: { issue in
      messages.withLock { $0.append(issue.message) }
      return true
    }
    let all = messages.withLock { $0 }
    #expect(all.contains { $0.hasPrefix("shrinking: ShrinkBudget(replays: -1, duration: 1.0 seconds) is not a budget") })
    #expect(all.contains { $0.hasPrefix("Interleaving exploration: iteration") && !$0.contains("hrunk") })
  }

  @Test func candidatesTakeOutPreemptionsLastFirst() {
    func decision(_ chosen: Int, preempting: Bool) -> TrackedDecision {
      TrackedDecision(
        readyCount: 2, chosen: chosen, step: 1, chosenTask: chosen + 1, currentTask: 1, isPreemption: preempting,
        currentTaskJobs: 1)
    }
    let decisions = [decision(1, preempting: true), decision(0, preempting: false), decision(1, preempting: true)]
    let candidates = ScheduleShrinker.candidates(from: decisions)
    #expect(candidates.first == [.index(1, readyCount: 2, task: 2), .index(0, readyCount: 2, task: 1), .continuing])
    #expect(candidates[1] == [.continuing])
    #expect(candidates.contains([.continuing, .continuing, .task(2)]))
    #expect(ScheduleShrinker.isSmaller([decisions[1]], than: decisions))
    #expect(!ScheduleShrinker.isSmaller(decisions, than: [decisions[1]]))
  }

  @Test func theKthCutKeepsTheFirstKPreemptions() {
    func decision(_ chosen: Int, preempting: Bool) -> TrackedDecision {
      TrackedDecision(
        readyCount: 2, chosen: chosen, step: 1, chosenTask: chosen + 1, currentTask: 1, isPreemption: preempting,
        currentTaskJobs: 1)
    }
    let decisions = [
      decision(0, preempting: false), decision(1, preempting: true), decision(0, preempting: false),
      decision(1, preempting: true),
    ]
    let cuts = ScheduleShrinker.cuts(of: decisions)
    #expect(cuts.count == 2)
    #expect(cuts[0] == [.index(0, readyCount: 2, task: 1), .continuing])
    #expect(
      cuts[1] == [
        .index(0, readyCount: 2, task: 1), .index(1, readyCount: 2, task: 2), .index(0, readyCount: 2, task: 1),
        .continuing,
      ])
    #expect(ScheduleShrinker.cuts(of: [decision(0, preempting: false)]).isEmpty)
  }

  /// The guided replays (the order without preemption, then cuts found by bisection) reach or
  /// come near each planted bug's fewest preemptions in a few replays, so the bounded search has
  /// little below them to run: 3–12 replays each (in a debug build), where running the search
  /// first took up to 21 (lost update).
  @Test(arguments: plantedBugs.indices)
  func shrinkingTakesAFewReplays(bug: Int) async throws {
    let (name, _, body) = plantedBugs[bug]
    let message = try #require(await failureMessage(of: body), "\(name)")
    let range = try #require(message.range(of: #"[( ](\d+) replays?[).]"#, options: .regularExpression), "\(name): \(message)")
    let replays = try #require(Int(message[range].filter(\.isNumber)))
    #expect(replays <= 16, "\(name): \(message)")
  }
}
