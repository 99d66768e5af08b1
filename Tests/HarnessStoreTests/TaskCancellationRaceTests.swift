import Foundation
import HarnessStore
import Synchronization
import Testing

/// `withTaskCancellation(id:cancelInFlight: true)` cancels what runs under the id and registers
/// its own work in one step: of two calls racing under one id, only the later survives. (When
/// they were two steps, a cancel landing between another call's start and its registration was
/// lost, and both survived: 3 to 12 races in 2,000, found by porting TCA's cancellation tests.)
@Suite struct TaskCancellationRaceTests {
  @Test func ofTwoRacingCallsWithCancelInFlightOnlyOneSurvives() async throws {
    for _ in 0..<200 {
      let id = UUID()
      let (cancelled, reportCancelled) = AsyncStream.makeStream(of: Void.self)
      let racers = (0..<2).map { _ in
        Task {
          do {
            try await withTaskCancellation(id: id, cancelInFlight: true) {
              // Until cancelled (no timer: cheap to cancel, also under ThreadSanitizer).
              let endless = AsyncStream<Never> { _ in }
              for await _ in endless {}
              try Task.checkCancellation()
            }
          } catch {
            reportCancelled.yield()
          }
        }
      }
      // One racer is cancelled by the other at once; 30 seconds without it (a loaded machine may
      // take seconds, never 30): both survived.
      let oneWasCancelled = await withTaskGroup(of: Bool.self) { group in
        group.addTask { await cancelled.first { true } != nil }
        group.addTask {
          try? await Task.sleep(for: .seconds(30))
          return false
        }
        defer { group.cancelAll() }
        return await group.next() ?? false
      }
      await Task.cancel(id: id)
      for racer in racers { await racer.value }
      #expect(oneWasCancelled, "both calls with cancelInFlight survived")
      if !oneWasCancelled { return }
    }
  }
}
