import HarnessClocks
import Testing

@Suite struct ImmediateClockTests {
  @Test func sleepsReturnAtOnceAndMoveNowToTheirDeadline() async throws {
    let clock = ImmediateClock()
    try await clock.sleep(for: .seconds(60))
    #expect(clock.now.offset == .seconds(60))
    try await clock.sleep(until: .init(offset: .seconds(10)))
    #expect(clock.now.offset == .seconds(60))
    #expect(clock.minimumResolution == .zero)
  }

  @Test func sleepingInACancelledTaskThrows() async {
    let clock = ImmediateClock(now: .init(offset: .seconds(1)))
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      do {
        try await clock.sleep(for: .seconds(1))
        return false
      } catch {
        return error is CancellationError
      }
    }
    #expect(await task.value)
    #expect(clock.now.offset == .seconds(1))
  }
}
