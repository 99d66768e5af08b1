import Foundation
import HarnessDependencies
import HarnessInterleavings
import HarnessIssues
import HarnessTesting
import Testing

/// Yields a number of times that depends on the time read between two awaits.
private func yieldByTime(_ now: () -> Date) async {
  let before = Int(now().timeIntervalSince1970 * 1_000_000)
  await Task.yield()
  let after = Int(now().timeIntervalSince1970 * 1_000_000)
  for _ in 0..<((before &+ after) % 97) { await Task.yield() }
}

@Suite struct ReplayDeterminismTests {
  @Test func aBodyReadingTheRealDateBetweenAwaitsIsReportedAsDiverging() async {
    await withExpectedIssue {
      await withInterleavings(replay: "random:0:1:") {
        await yieldByTime { Date() }
      }
    } matching: { issue in
      issue.message.hasPrefix("Interleaving replay (iteration 1, strategy: random) passed, but")
        && issue.message.contains("This replay is not deterministic: its schedule ran 3 times and the runs diverged (")
        && issue.message.contains("real time (Date(), ContinuousClock.now)")
    }
  }

  @Test func aBodyUsingTheDateDependencyDoesNotDiverge() async {
    // No issue at all: withExpectedIssue is not needed, and any issue would fail the test.
    await withInterleavings(replay: "random:0:1:") {
      await withDependencies {
        $0.date = .constant(Date(timeIntervalSince1970: 1_234_567_890))
      } operation: {
        @Dependency(\.date) var date
        await yieldByTime { date.now }
      }
    }
  }

  @Test func theFirstDifferenceIsNamedByStep() {
    var first = ReplayTrace()
    var second = ReplayTrace()
    [UInt64(5), 6].withUnsafeBufferPointer { first.note($0, chosen: 0) }
    [UInt64(5), 6].withUnsafeBufferPointer { second.note($0, chosen: 0) }
    [UInt64(6)].withUnsafeBufferPointer { first.note($0, chosen: 0) }
    [UInt64(6), 0].withUnsafeBufferPointer { second.note($0, chosen: 1) }
    #expect(
      first.firstDifference(from: second, otherNumber: 2)
        == "at step 2, run 1 had 1 job (task #2) ready and ran the first; run 2 had 2 jobs (task #2, an actor's job) and ran the second")
    #expect(first.firstDifference(from: first, otherNumber: 3) == nil)
  }

  @Test func theTaskWaitingForTheRunIsLeftOut() {
    var withDriver = ReplayTrace(ignoring: 9)
    var without = ReplayTrace(ignoring: 9)
    [UInt64(5)].withUnsafeBufferPointer { withDriver.note($0, chosen: 0) }
    [UInt64(5)].withUnsafeBufferPointer { without.note($0, chosen: 0) }
    [UInt64(9)].withUnsafeBufferPointer { withDriver.note($0, chosen: 0) }
    #expect(withDriver.firstDifference(from: without, otherNumber: 2) == nil)
  }
}
