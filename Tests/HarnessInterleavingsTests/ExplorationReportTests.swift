import HarnessInterleavings
import HarnessIssues
import HarnessRuntime
import HarnessTesting
import Testing

/// A job order as the explorer reads it after a run: fixed decisions and task count.
private final class RecordedOrder: RecordedJobOrder {
  let decisions: [Schedule.Decision]
  let steps: Int
  let divergence: String? = nil
  let taskCount: Int
  let taskCreationSites = TaskCreationSites()

  init(decisions: [(ready: Int, chosen: Int)], tasks: Int) {
    self.decisions = decisions.map { Schedule.Decision(readyCount: $0.ready, chosen: $0.chosen) }
    steps = decisions.count
    taskCount = tasks
  }

  func chooseNext(among readyTasks: UnsafeBufferPointer<UInt64>, actors: UnsafeBufferPointer<UInt>) -> Int { 0 }
}

/// A body with no concurrency: one task, one job ready at every step.
@Sendable private func sequentialWork() async {
  var total = 0
  for value in 1...10 { total += value }
  #expect(total == 55)
}

@Suite struct ExplorationReportTests {
  @Test func theReportCountsWhatTheIterationsRecorded() {
    var tally = ReportTally(strategies: [.random, .pct(depth: 2)])
    let orders = [
      RecordedOrder(decisions: [], tasks: 1),
      RecordedOrder(decisions: [(2, 0), (2, 1)], tasks: 3),
      RecordedOrder(decisions: [(2, 0), (2, 1)], tasks: 3),
      RecordedOrder(decisions: [(3, 2), (2, 0), (2, 1), (2, 0), (2, 0)], tasks: 4),
    ]
    for (index, order) in orders.enumerated() {
      tally.note(iteration: index + 1, strategy: index % 2, order: order)
    }
    let report = tally.report(
      place: "File.swift:1", baseSeed: 0x2a, shard: .whole, budget: nil, elapsed: .milliseconds(1_250),
      failedIteration: nil)
    #expect(report.iterations == 4)
    #expect(report.distinctSchedules == 3)
    #expect((report.fewestDecisions, report.medianDecisions, report.mostDecisions) == (0, 2, 5))
    #expect((report.fewestTasks, report.mostTasks) == (1, 4))
    #expect(report.iterationsByStrategy.map(\.iterations) == [2, 2])
    #expect(!report.hadNoChoices)
    #expect(
      report.description == """
        Interleavings explored at File.swift:1: 4 iterations (random 2, pct(depth: 2) 2) in 1.25 s, 3 distinct schedules.
          Decisions per iteration: min 0, median 2, max 5. Tasks per iteration: 1 to 4.
          Seeds: base 0x2a, iterations 1…4.
        """
    )
  }

  @Test func theReportOfABodyWithChoices() async throws {
    let orders = Locked<Set<[String]>>([])
    let collector = IssueCollector()
    let report = try #require(
      await withIssueReporters([collector]) {
        await withInterleavings(50, seed: 9) {
          let log = Locked<[String]>([])
          await interleavedSteps(log)
          orders.withLock { _ = $0.insert(log.withLock { $0 }) }
        }
      }
    )
    #expect(collector.issues.isEmpty, "no warning for a body with choices")
    #expect(report.iterations == 50)
    // Different orders of the log's steps come from different decisions (the converse need not hold).
    #expect(report.distinctSchedules >= orders.withLock { $0.count })
    #expect(report.distinctSchedules <= 50)
    #expect(report.fewestDecisions >= 1)
    #expect(report.fewestDecisions <= report.medianDecisions && report.medianDecisions <= report.mostDecisions)
    // The body and its three children.
    #expect((report.fewestTasks, report.mostTasks) == (4, 4))
    #expect(report.baseSeed == 9)
    #expect(report.failedIteration == nil)
    #expect(report.description.contains("50 iterations (random)"))
    #expect(report.description.contains("Seeds: base 0x9, iterations 1…50."))
  }

  @Test func aBodyWithNoChoicesIsWarnedAbout() async throws {
    let reports = Locked<[InterleavingReport]>([])
    await withExpectedIssue {
      let report = await withInterleavings(10) { await sequentialWork() }
      reports.withLock { $0.append(contentsOf: report.map { [$0] } ?? []) }
    } matching: { issue in
      issue.severity == .warning && issue.message.contains("explored nothing: in all 10 iterations no step had more than one job ready")
        && issue.message.contains("ran in one task only")
        && issue.message.contains("Dispatch queue or thread")
    }
    let report = try #require(reports.withLock { $0.first })
    #expect(report.hadNoChoices)
    #expect(report.iterations == 10)
    #expect(report.distinctSchedules == 1)
    #expect((report.fewestDecisions, report.medianDecisions, report.mostDecisions) == (0, 0, 0))
    #expect((report.fewestTasks, report.mostTasks) == (1, 1))
  }

  @Test func aBodyOnOneActorIsWarnedAbout() async {
    await withExpectedIssue {
      await withInterleavings(5) {
        let counter = Counter()
        for _ in 1...3 { await counter.increment() }
        #expect(await counter.value == 3)
      }
    } matching: { $0.severity == .warning && $0.message.contains("explored nothing") }
  }

  @Test func aFailingExplorationIsNotWarnedAboutButReported() async throws {
    let reports = Locked<[InterleavingReport]>([])
    await withExpectedIssue {
      let report = await withInterleavings(10) {
        await sequentialWork()
        reportIssue("always")
      }
      reports.withLock { $0.append(contentsOf: report.map { [$0] } ?? []) }
    } matching: { $0.severity == .error && $0.message.hasPrefix("Interleaving exploration: iteration 1 of 10 failed") }
    let report = try #require(reports.withLock { $0.first })
    #expect(report.failedIteration == 1)
    #expect(report.iterations == 1)
    #expect(report.description.hasSuffix("Stopped at iteration 1, which failed (reported as an issue, with its replay string)."))
  }
}
