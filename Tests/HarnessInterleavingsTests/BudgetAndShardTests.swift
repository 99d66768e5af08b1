import HarnessInterleavings
import HarnessIssues
import HarnessTesting
import Testing

/// An explorer placed here, for the package-level entry point (a shard given explicitly).
private func explorer(line: UInt = #line) -> InterleavingExplorer {
  InterleavingExplorer(location: SourceCodeLocation(fileID: #fileID, filePath: #filePath, line: line, column: 1))
}

/// The orders of `interleavedSteps` that an exploration ran, in the order it ran them.
private func exploredOrders(
  _ iterations: Int,
  strategies: [InterleavingStrategy] = [.random],
  shard: InterleavingShard
) async -> [[String]] {
  let orders = Locked<[[String]]>([])
  await explorer().explore(.iterations(iterations), strategies: strategies, seed: 5, shard: shard) {
    let log = Locked<[String]>([])
    await interleavedSteps(log)
    orders.withLock { $0.append(log.withLock { $0 }) }
  }
  return orders.withLock { $0 }
}

@Suite struct TimeBudgetTests {
  @Test func aTimeBudgetRunsEveryStrategyAndStops() async throws {
    let clock = ContinuousClock()
    let start = clock.now
    let report = try #require(
      await withInterleavings(for: .milliseconds(300)) {
        await interleavedSteps(Locked([]))
      }
    )
    let elapsed = clock.now - start
    #expect(report.iterationsByStrategy.map(\.strategy) == [.random, .pct(depth: 2), .pct(depth: 3)])
    #expect(report.iterationsByStrategy.allSatisfy { $0.iterations >= 1 })
    #expect(report.iterationsByStrategy.map(\.iterations).reduce(0, +) == report.iterations)
    // Taking turns: no strategy is more than one iteration ahead of the one after it.
    let counts = report.iterationsByStrategy.map(\.iterations)
    #expect(counts.max()! - counts.min()! <= 1)
    #expect(report.elapsed >= .milliseconds(300))
    // It stops: the last iteration started before the budget ended (generous for a loaded machine).
    #expect(elapsed < .seconds(20))
    #expect(report.budget == .milliseconds(300))
    #expect(report.description.contains("of a 0.30 s budget"))
    #expect(report.description.contains("(random \(counts[0]), pct(depth: 2) \(counts[1]), pct(depth: 3) \(counts[2]))"))
  }

  @Test func aBudgetTooShortForOneIterationStillRunsOnePerStrategy() async throws {
    let report = try #require(
      await withInterleavings(for: .nanoseconds(1), strategies: [.pct(depth: 3), .random]) {
        await interleavedSteps(Locked([]))
      }
    )
    #expect(report.iterations == 2)
    #expect(report.iterationsByStrategy.map(\.iterations) == [1, 1])
  }

  @Test func aFailureUnderABudgetReplaysWithItsStrategy() async throws {
    // Fails in the second iteration: the portfolio's PCT of depth 2.
    let iterations = Locked(0)
    let failingOrder = Locked<[String]>([])
    let message = Locked("")
    await withExpectedIssue {
      await withInterleavings(for: .seconds(30)) {
        let log = Locked<[String]>([])
        await interleavedSteps(log)
        if iterations.withLock({ $0 += 1; return $0 }) == 2 {
          failingOrder.withLock { $0 = log.withLock { $0 } }
          reportIssue("second")
        }
      }
    } matching: { issue in
      message.withLock { $0 = issue.message }
      return issue.message.hasPrefix("Interleaving exploration: iteration 2 (after ")
        && issue.message.contains("of a 30 s budget) failed (strategy: pct(depth: 2),")
    }
    let replay = try #require(replayString(in: message.withLock { $0 }))
    #expect(replay.hasPrefix("pct2:"))
    // A replay runs its schedule three times (the determinism check): each run's order is kept.
    for _ in 1...20 {
      let runs = Locked<[[String]]>([])
      await withInterleavings(replay: replay) {
        let log = Locked<[String]>([])
        await interleavedSteps(log)
        runs.withLock { $0.append(log.withLock { $0 }) }
      }
      #expect(runs.withLock { $0 } == Array(repeating: failingOrder.withLock { $0 }, count: 3))
    }
  }

  @Test func aBudgetOfZeroIsReported() async {
    await withExpectedIssue {
      await withInterleavings(for: .zero) {}
    } matching: { $0.message.hasPrefix("withInterleavings(for:) needs a time budget longer than zero") }
  }

  @Test func noStrategiesIsReported() async {
    await withExpectedIssue {
      await withInterleavings(for: .seconds(1), strategies: []) {}
    } matching: { $0.message.hasPrefix("withInterleavings needs at least one strategy") }
  }

  @Test(.interleavings(for: .milliseconds(100)))
  func theTraitExploresForABudget() async {
    let log = Locked<[String]>([])
    await interleavedSteps(log)
    #expect(log.withLock { $0.count } == 9)
  }
}

@Suite struct ShardTests {
  @Test func shardsAreReadFromText() {
    #expect(InterleavingShard(text: "3/4") == InterleavingShard(index: 3, count: 4))
    #expect(InterleavingShard(text: " 1 / 1 ") == .whole)
    for bad in ["3/2", "0/4", "x", "1/0", "2", "1/2/3", "-1/4", ""] {
      #expect(InterleavingShard(text: bad) == nil, "\(bad)")
    }
  }

  @Test func aBadShardVariableIsReportedAndIgnored() {
    for bad in ["3/2", "x"] {
      withExpectedIssue {
        #expect(InterleavingShard.fromEnvironment(bad, location: SourceCodeLocation()) == .whole)
      } matching: {
        $0.message.hasPrefix("HARNESS_INTERLEAVINGS_SHARD=\(bad) is not a shard: all of the exploration's iterations run here.")
          && $0.message.contains("Set it to i/n")
      }
    }
    #expect(InterleavingShard.fromEnvironment(nil, location: SourceCodeLocation()) == .whole)
    #expect(InterleavingShard.fromEnvironment("", location: SourceCodeLocation()) == .whole)
  }

  @Test(arguments: [1, 3])
  func fourShardsAreDisjointAndTogetherTheSingleRun(roundLength: Int) throws {
    // Each shard runs 6 iterations; the single run 24.
    var seen: [Int] = []
    for index in 1...4 {
      let shard = try #require(InterleavingShard(index: index, count: 4))
      let numbers = (1...6).map { shard.iteration(local: $0, roundLength: roundLength) }
      // Each iteration keeps the strategy it has in the single run.
      for (local, number) in zip(1...6, numbers) {
        #expect((local - 1) % roundLength == (number - 1) % roundLength)
      }
      seen += numbers
    }
    #expect(Set(seen).count == seen.count, "disjoint")
    #expect(Set(seen) == Set(1...24), "together the single run's")
    #expect((1...24).map { InterleavingShard.whole.iteration(local: $0, roundLength: roundLength) } == Array(1...24))
  }

  @Test func fourShardsRunTheSingleRunsOrders() async {
    let single = await exploredOrders(20, shard: .whole)
    #expect(single.count == 20)
    var union: [Int: [String]] = [:]
    for index in 1...4 {
      let shard = InterleavingShard(index: index, count: 4)!
      let orders = await exploredOrders(5, shard: shard)
      #expect(orders.count == 5)
      for (local, order) in zip(1..., orders) {
        let iteration = shard.iteration(local: local, roundLength: 1)
        #expect(union[iteration] == nil)
        union[iteration] = order
      }
    }
    #expect(union.keys.sorted() == Array(1...20))
    #expect((1...20).map { union[$0]! } == single)
  }

  @Test func aFailureInShardThreeReplaysFromItsStringAlone() async throws {
    // Fails in orders where c's first step comes before a's: some iteration of shard 3.
    let failingOrder = Locked<[String]>([])
    let message = Locked("")
    await withExpectedIssue {
      await explorer().explore(.iterations(100), strategies: [.random], seed: 5, shard: InterleavingShard(index: 3, count: 4)) {
        let log = Locked<[String]>([])
        await interleavedSteps(log)
        let steps = log.withLock { $0 }
        if steps.firstIndex(of: "c1")! < steps.firstIndex(of: "a1")! {
          failingOrder.withLock { $0 = steps }
          reportIssue("c before a")
        }
      }
    } matching: { issue in
      message.withLock { $0 = issue.message }
      return issue.message.contains("in shard 3 of 4) failed") && issue.message.contains("c before a")
    }
    let replay = try #require(replayString(in: message.withLock { $0 }))
    let schedule = try #require(Schedule(replayString: replay))
    #expect(schedule.iteration % 4 == 3)
    for _ in 1...20 {
      let runs = Locked<[[String]]>([])
      await withExpectedIssue {
        await withInterleavings(replay: replay) {
          let log = Locked<[String]>([])
          await interleavedSteps(log)
          runs.withLock { $0.append(log.withLock { $0 }) }
          reportIssue("c before a")
        }
      } matching: { $0.message.contains("failed, as recorded.") }
      #expect(runs.withLock { $0 } == Array(repeating: failingOrder.withLock { $0 }, count: 3))
    }
  }

  @Test func aShardsReportNamesItsShardAndSeeds() async throws {
    let report = try #require(
      await explorer().explore(.iterations(5), strategies: [.random], seed: 5, shard: InterleavingShard(index: 2, count: 4)) {
        await interleavedSteps(Locked([]))
      }
    )
    #expect((report.shardIndex, report.shardCount) == (2, 4))
    #expect(report.description.contains("Seeds: base 0x5, shard 2 of 4 (HARNESS_INTERLEAVINGS_SHARD=2/4), iterations 2, 6, 10, 14, 18."))
  }
}
