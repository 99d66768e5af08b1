import Foundation
import HarnessIssues
import HarnessStore
import Synchronization
import Testing

/// `withTaskCancellation(id:cancelInFlight: true)` cancels what runs under the id and registers
/// its own work in one step: of two calls racing under one id, only the later survives. (When
/// they were two steps, a cancel landing between another call's start and its registration was
/// lost, and both survived: 3 to 12 races in 2,000, found by porting TCA's cancellation tests.)
@Suite struct TaskCancellationRaceTests {
  /// The racers run in parallel on the global pool (this test has no world), and the test waits
  /// on exact signals only: once both operations have started, the one that started first has
  /// been cancelled by the other's call, which cancels before it starts its own.
  @Test func ofTwoRacingCallsWithCancelInFlightOnlyOneSurvives() async throws {
    for _ in 0..<200 {
      let id = UUID()
      let (started, reportStarted) = AsyncStream.makeStream(of: Void.self)
      // Counted when an operation's task is cancelled: at once, on the cancelling thread.
      let cancellations = Locked(0)
      let (cancelEvents, reportCancel) = AsyncStream.makeStream(of: Void.self)
      let racers = (0..<2).map { _ in
        Task {
          try? await withTaskCancellation(id: id, cancelInFlight: true) {
            try await withTaskCancellationHandler {
              reportStarted.yield()
              // Until cancelled (no timer: cheap to cancel, also under ThreadSanitizer).
              let endless = AsyncStream<Never> { _ in }
              for await _ in endless {}
              try Task.checkCancellation()
            } onCancel: {
              cancellations.withLock { $0 += 1 }
              reportCancel.yield()
            }
          }
        }
      }
      var starts = started.makeAsyncIterator()
      for _ in 0..<2 { _ = await starts.next() }
      if cancellations.withLock({ $0 }) == 0 {
        // The later call can start before the earlier one's thread has cancelled the task it
        // just made (marked cancelled, it cancels it right after): wait for that cancel. Only a
        // bug lets 30 s pass (both survived).
        await withTaskGroup(of: Void.self) { group in
          group.addTask { _ = await cancelEvents.first { true } }
          group.addTask { try? await Task.sleep(for: .seconds(30)) }
          await group.next()
          group.cancelAll()
        }
      }
      let cancelled = cancellations.withLock { $0 }
      await Task.cancel(id: id)
      for racer in racers { await racer.value }
      #expect(cancelled == 1, "of two calls with cancelInFlight, \(cancelled) were cancelled, not 1")
      if cancelled != 1 { return }
    }
  }
}
