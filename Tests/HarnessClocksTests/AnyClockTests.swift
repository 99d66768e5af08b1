import HarnessClocks
import Testing

@Suite struct AnyClockTests {
  @Test func wrapsAConcreteClock() async throws {
    let base = ImmediateClock(now: .init(offset: .seconds(100)))
    let clock = AnyClock(base)
    #expect(clock.now.offset == .zero)
    try await clock.sleep(for: .seconds(3))
    #expect(clock.now.offset == .seconds(3))
    #expect(base.now.offset == .seconds(103))
    #expect(clock.minimumResolution == .zero)
  }

  @Test func wrapsAnExistentialClock() async {
    let test = TestClock()
    let existential: any Clock<Duration> = test
    let clock = AnyClock(existential)
    let task = Task { try? await clock.sleep(for: .seconds(2)) }
    await test.advance(by: .seconds(1))
    #expect(test.pendingSleepers.map(\.deadline.offset) == [.seconds(2)])
    await test.advance(by: .seconds(1))
    #expect(test.pendingSleepers.isEmpty)
    #expect(clock.now.offset == .seconds(2))
    await task.value
  }

  @Test func worksWhereAConcreteClockTypeIsNeeded() async throws {
    func elapsed<C: Clock>(on clock: C, sleeping duration: C.Duration) async throws -> C.Duration {
      let start = clock.now
      try await clock.sleep(until: start.advanced(by: duration), tolerance: nil)
      return start.duration(to: clock.now)
    }
    let existential: any Clock<Duration> = ImmediateClock()
    let clock = AnyClock(existential)
    #expect(try await elapsed(on: clock, sleeping: .seconds(4)) == .seconds(4))
  }
}
