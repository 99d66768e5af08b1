import Foundation
import HarnessDependencies
import HarnessInterleavings
import HarnessIssues
import HarnessTesting
import Testing

/// Three tasks, three steps each, logging each step: the log is the order their jobs ran in.
@Sendable func interleavedSteps(_ log: Locked<[String]>, tasks: [String] = ["a", "b", "c"]) async {
  await withTaskGroup(of: Void.self) { group in
    for name in tasks {
      group.addTask {
        for step in 1...3 {
          log.withLock { $0.append("\(name)\(step)") }
          await Task.yield()
        }
      }
    }
  }
}

/// The replay string in an exploration's report.
func replayString(in message: String) -> String? {
  guard let start = message.range(of: "replay: \"")?.upperBound,
    let end = message[start...].firstIndex(of: "\"")
  else { return nil }
  return String(message[start..<end])
}

@Suite struct ExplorationTests {
  @Test func iterationsTryDifferentOrders() async {
    let orders = Locked<Set<[String]>>([])
    await withInterleavings(50) {
      let log = Locked<[String]>([])
      await interleavedSteps(log)
      orders.withLock { _ = $0.insert(log.withLock { $0 }) }
    }
    #expect(orders.withLock { $0.count } > 25)
  }

  @Test func theSameSeedExploresTheSameOrders() async {
    func orders(seed: UInt64, strategy: InterleavingStrategy) async -> [[String]] {
      let orders = Locked<[[String]]>([])
      await withInterleavings(20, strategy: strategy, seed: seed) {
        let log = Locked<[String]>([])
        await interleavedSteps(log)
        orders.withLock { $0.append(log.withLock { $0 }) }
      }
      return orders.withLock { $0 }
    }
    for strategy in [InterleavingStrategy.random, .pct(depth: 3)] {
      let first = await orders(seed: 7, strategy: strategy)
      let again = await orders(seed: 7, strategy: strategy)
      let other = await orders(seed: 8, strategy: strategy)
      #expect(first == again, "\(strategy)")
      #expect(first != other, "\(strategy)")
    }
  }

  @Test func theEnvironmentVariableShiftsOnlyTheDefaultSeed() {
    let base = InterleavingExplorer.defaultBaseSeed
    #expect(InterleavingExplorer.baseSeed(nil, shiftedBy: nil) == base)
    #expect(InterleavingExplorer.baseSeed(nil, shiftedBy: "7") == base &+ 7)
    #expect(InterleavingExplorer.baseSeed(nil, shiftedBy: "0x10") == base &+ 16)
    #expect(InterleavingExplorer.baseSeed(42, shiftedBy: "7") == 42)
    withExpectedIssue {
      #expect(InterleavingExplorer.baseSeed(nil, shiftedBy: "seven") == base)
    } matching: { $0.message.hasPrefix("HARNESS_INTERLEAVINGS_SEED=seven is not a number: the default seed is used.") }
  }

  @Test func pctFindsTheReentrancyBug() async {
    await withExpectedIssue {
      await withInterleavings(100, strategy: .pct(depth: 3)) {
        let balance = await twoWithdrawals(fixed: false).balance
        #expect(balance >= 0)
      }
    } matching: { issue in
      issue.message.hasPrefix("Interleaving exploration: iteration")
        && issue.message.contains("strategy: pct(depth: 3)")
    }
  }

  @Test func aReplayRunsExactlyTheRecordedOrder() async throws {
    // A failing exploration (every iteration reports), with the order of its failing run.
    let failingOrder = Locked<[String]>([])
    let report = Locked<String>("")
    await withExpectedIssue {
      // Not shrunk: the replay of the order the exploration drew is what is tested.
      await withInterleavings(10, seed: 3, shrinking: .off) {
        let log = Locked<[String]>([])
        await interleavedSteps(log)
        failingOrder.withLock { $0 = log.withLock { $0 } }
        reportIssue("recorded")
      }
    } matching: { issue in
      report.withLock { $0 = issue.message }
      return issue.message.contains("Issues raised in that run:") && issue.message.contains("recorded")
    }
    let replay = try #require(replayString(in: report.withLock { $0 }))
    let recorded = failingOrder.withLock { $0 }
    #expect(recorded.count == 9)
    // Each replay runs its schedule three times (the determinism check): every run is logged.
    let replayed = Locked<[[String]]>([])
    for _ in 1...100 {
      await withExpectedIssue {
        await withInterleavings(replay: replay) {
          let log = Locked<[String]>([])
          await interleavedSteps(log)
          replayed.withLock { $0.append(log.withLock { $0 }) }
          reportIssue("recorded")
        }
      } matching: { $0.message.hasPrefix("Interleaving replay (iteration 1, strategy: random) failed, as recorded.") }
    }
    #expect(replayed.withLock { $0.count } == 300)
    #expect(replayed.withLock { $0 }.allSatisfy { $0 == recorded })
  }

  @Test func manyReadyJobsAllRunOnceAndReplayExactly() async throws {
    // Forty tasks ready at once: more than a world's ready queue starts with room for.
    let names = (1...40).map { "t\($0)." }
    let stepsInTaskOrder = names.flatMap { name in (1...3).map { "\(name)\($0)" } }
    let failingOrder = Locked<[String]>([])
    let report = Locked<String>("")
    await withExpectedIssue {
      await withInterleavings(3, seed: 11, shrinking: .off) {
        let log = Locked<[String]>([])
        await interleavedSteps(log, tasks: names)
        failingOrder.withLock { $0 = log.withLock { $0 } }
        reportIssue("recorded")
      }
    } matching: { issue in
      report.withLock { $0 = issue.message }
      return issue.message.contains("recorded")
    }
    let recorded = failingOrder.withLock { $0 }
    #expect(recorded.sorted() == stepsInTaskOrder.sorted())
    #expect(recorded != stepsInTaskOrder)
    let replay = try #require(replayString(in: report.withLock { $0 }))
    for _ in 1...10 {
      let logs = Locked<[[String]]>([])
      await withExpectedIssue {
        await withInterleavings(replay: replay) {
          let log = Locked<[String]>([])
          await interleavedSteps(log, tasks: names)
          logs.withLock { $0.append(log.withLock { $0 }) }
          reportIssue("recorded")
        }
      } matching: { $0.message.hasPrefix("Interleaving replay (iteration 1, strategy: random) failed, as recorded.") }
      #expect(logs.withLock { $0 } == [recorded, recorded, recorded])
    }
  }

  @Test func aReplayThatNoLongerFitsSaysSo() async throws {
    let report = Locked<String>("")
    await withExpectedIssue {
      await withInterleavings(1) {
        await interleavedSteps(Locked([]))
        reportIssue("recorded")
      }
    } matching: { issue in
      report.withLock { $0 = issue.message }
      return true
    }
    let replay = try #require(replayString(in: report.withLock { $0 }))
    await withExpectedIssue {
      await withInterleavings(replay: replay) {
        await interleavedSteps(Locked([]), tasks: ["a", "b"])
      }
    } matching: { issue in
      issue.message.contains("no longer fits the code:")
        && issue.message.contains("The code under test changed since the schedule was recorded")
    }
  }

  @Test func aMalformedReplayStringIsReported() async {
    await withExpectedIssue {
      await withInterleavings(replay: "not a schedule") {}
    } matching: { $0.message.hasPrefix("\"not a schedule\" is not a replay string: nothing was run.") }
  }

  @Test func noIterationsIsReported() async {
    await withExpectedIssue {
      await withInterleavings(0) {}
    } matching: { $0.message.hasPrefix("withInterleavings needs at least 1 iteration, not 0") }
  }

  @Test func aDeadlockIsReportedNotHung() async {
    // Returning at all is the point (a hang would never end the test); no time bound, since on
    // a saturated machine the resumed caller waits for a free thread of the cooperative pool.
    let waiting = WaitingForEachOther()
    let explorer = InterleavingExplorer(
      location: SourceCodeLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column),
      stallPatience: .milliseconds(300)
    )
    let deadlock: @Sendable () async -> Void = {
      async let first: Void = waiting.first()
      async let second: Void = waiting.second()
      _ = await (first, second)
    }
    let replay = Locked<String?>(nil)
    await withExpectedIssue {
      await explorer.explore(.iterations(10), strategies: [.random], seed: nil, deadlock)
    } matching: { issue in
      replay.withLock { $0 = replayString(in: issue.message) }
      return issue.message.contains("iteration 1 of 10 failed")
        && issue.message.contains("The run stalled: no job was ready for 0.3 seconds and the operation had not returned.")
        && issue.message.contains("  • the body")
        // Where each task was created: a function name from the executable's symbol table.
        && issue.message.contains("  • task 1, created in closure #1 in ")
        && issue.message.contains("ExplorationTests.aDeadlockIsReportedNotHung(), started by the body")
        && issue.message.contains("Replay exactly this order of jobs")
    }
    // The replay stalls the same way (it notes every creation site afresh).
    let replayLine = replay.withLock { $0 }
    #expect(replayLine != nil)
    guard let replayLine else { return }
    await withExpectedIssue {
      await explorer.replay(replayLine, deadlock)
    } matching: { issue in
      issue.message.contains("The run stalled: no job was ready for 0.3 seconds")
        && issue.message.contains("  • task 1, created in closure #1 in ")
        && issue.message.contains("ExplorationTests.aDeadlockIsReportedNotHung(), started by the body")
    }
  }

  @Test func aRunWaitingOnLateOutsideWorkIsNotAStall() async {
    // The main queue is busy for four patiences while the body waits for a turn on the main
    // actor: late, not stalled (as work queued behind a saturated cooperative pool is). In a
    // child process, since blocking the main queue would hold up other tests' main actor work.
    let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      let runsOnMainActor = Locked(0)
      await withIssueReporters([.runtimeWarning]) {
        _ = await InterleavingExplorer(
          location: SourceCodeLocation(
            fileID: "HarnessInterleavingsTests/LateWork.swift", filePath: "/LateWork.swift", line: 1, column: 1),
          stallPatience: .milliseconds(200)
        ).explore(.iterations(2), strategies: [.random], seed: nil) {
          DispatchQueue.main.async { Thread.sleep(forTimeInterval: 0.8) }
          await MainActor.run { runsOnMainActor.withLock { $0 += 1 } }
        }
      }
      exit(runsOnMainActor.withLock { $0 } == 2 ? EXIT_SUCCESS : EXIT_FAILURE)
    }
    let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(!output.contains("stalled"))
  }

  @Test func aTestFunctionThatStaysStalledEndsTheProcessInsteadOfHanging() async {
    // What the trait does with a deadlocked test: it cannot abandon Swift Testing's function.
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let waiting = WaitingForEachOther()
      // The stall's report goes to standard error, where the parent process can read it.
      await withIssueReporters([.runtimeWarning]) {
        _ = await InterleavingExplorer(
          location: SourceCodeLocation(
            fileID: "HarnessInterleavingsTests/Deadlock.swift", filePath: "/Deadlock.swift", line: 7, column: 1),
          stallPatience: .milliseconds(200)
        ).explore(.iterations(5), strategies: [.random], seed: nil, waitingForStalledRuns: true) {
          async let first: Void = waiting.first()
          async let second: Void = waiting.second()
          _ = await (first, second)
        }
      }
    }
    let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(output.contains("Interleaving exploration: iteration 1 of 5 failed"))
    #expect(output.contains("The run stalled: no job was ready for 0.2 seconds"))
    #expect(output.contains("HarnessInterleavingsTests/Deadlock.swift:7: Harness: a test explored with .interleavings stalled (reported above"))
    #expect(output.contains("Ending the test process rather than hanging."))
  }

  @Test(.dependency(\.uuid, .incrementing)) func generatorsStartOverInEachIteration() async {
    let firsts = Locked<[UUID]>([])
    // No concurrency, so nothing to explore: that is warned about.
    await withExpectedIssue {
      await withInterleavings(5) {
        @Dependency(\.uuid) var uuid
        firsts.withLock { $0.append(uuid()) }
        _ = uuid()
      }
    } matching: { $0.severity == .warning && $0.message.contains("explored nothing") }
    #expect(firsts.withLock { $0 } == Array(repeating: UUID(0), count: 5))
  }

  @Test(.dependency(\.uuid, .incrementing), .interleavings(20))
  func theTraitRunsEachIterationAfresh() async {
    @Dependency(\.uuid) var uuid
    #expect(uuid() == UUID(0))
    let log = Locked<[String]>([])
    await interleavedSteps(log)
    #expect(log.withLock { $0.count } == 9)
  }

  @Test(.interleavings(replay: "random:0:1:"))
  func theTraitReplaysASchedule() async {
    let account = SafeAccount(balance: 100)
    #expect(await account.withdraw(30))
  }
}

/// Two tasks that each wait for the other to go first: neither ever does.
final class WaitingForEachOther: Sendable {
  private let continuations = Locked<[CheckedContinuation<Void, Never>]>([])

  func first() async { await wait() }
  func second() async { await wait() }

  private func wait() async {
    await withCheckedContinuation { continuation in continuations.withLock { $0.append(continuation) } }
  }
}
