import HarnessClocks
import Testing

@Suite struct ClockInstantTests {
  @Test func measuresOffsetsFromTheClocksZero() {
    let start = TestClock<Duration>.Instant(offset: .seconds(2))
    let later = start.advanced(by: .milliseconds(1500))
    #expect(later.offset == .milliseconds(3500))
    #expect(start.duration(to: later) == .milliseconds(1500))
    #expect(later.duration(to: start) == .milliseconds(-1500))
    #expect(start < later)
    #expect(TestClock<Duration>.Instant() == TestClock<Duration>.Instant(offset: .zero))
    #expect("\(later)" == "3.5 seconds")
  }
}
