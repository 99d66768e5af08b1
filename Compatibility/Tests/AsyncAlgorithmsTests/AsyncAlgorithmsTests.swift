import AsyncAlgorithms
import HarnessClocks
import HarnessIssues
import Testing

/// swift-async-algorithms' time-based algorithms on a `TestClock`, with no setup: the clock
/// follows the tasks the algorithms start inside, so every result is exact.
@Suite struct AsyncAlgorithmsTests {
  /// A search field: keystrokes at 0, 100, 200 ms, a pause, then 800 and 900 ms; debounced by
  /// 300 ms, only the value before each pause comes out, at its quiet time.
  @Test func debounceOnATestClockEmitsOnlyAfterQuiet() async {
    let clock = TestClock()
    let (keystrokes, input) = AsyncStream.makeStream(of: String.self)
    let emitted = Log<(String, Duration)>()
    let consumer = Task {
      for await query in keystrokes.debounce(for: .milliseconds(300), clock: clock) {
        emitted.append((query, clock.now.offset))
      }
    }
    input.yield("s")
    await clock.advance(by: .milliseconds(100))
    input.yield("sw")
    await clock.advance(by: .milliseconds(100))
    input.yield("swi")
    await clock.advance(by: .milliseconds(299))
    #expect(emitted.elements.isEmpty)
    await clock.advance(by: .milliseconds(1))
    #expect(emitted.elements.map(\.0) == ["swi"])
    #expect(emitted.elements.map(\.1) == [.milliseconds(500)])
    await clock.advance(by: .milliseconds(300))
    input.yield("swif")
    await clock.advance(by: .milliseconds(100))
    input.yield("swift")
    await clock.advance(by: .milliseconds(300))
    #expect(emitted.elements.map(\.0) == ["swi", "swift"])
    #expect(emitted.elements.map(\.1) == [.milliseconds(500), .milliseconds(1_200)])
    input.finish()
    await consumer.value
  }

  /// `AsyncTimerSequence` ticks exactly once per interval advanced, at the clock's instants.
  @Test func asyncTimerSequenceTicksOncePerIntervalAdvanced() async {
    let clock = TestClock()
    let ticks = Log<Duration>()
    let task = Task {
      for await instant in AsyncTimerSequence(interval: .seconds(1), clock: clock) {
        ticks.append(instant.offset)
      }
    }
    await clock.advance(by: .seconds(3))
    #expect(ticks.elements == [.seconds(1), .seconds(2), .seconds(3)])
    await clock.advance(by: .milliseconds(999))
    #expect(ticks.count == 3)
    await clock.advance(by: .milliseconds(1))
    #expect(ticks.elements == [.seconds(1), .seconds(2), .seconds(3), .seconds(4)])
    task.cancel()
    await task.value
  }

  /// `throttle` on a TestClock: an element that arrives a full interval after the last
  /// emission comes out (the latest so far); the rest are held back, and the last one held
  /// comes out when the sequence ends, but not before an interval has passed since the last
  /// emission (throttle sleeps on the clock for that).
  @Test func throttleOnATestClockKeepsTheLatestElementPerInterval() async {
    let clock = TestClock()
    let (values, input) = AsyncStream.makeStream(of: Int.self)
    let emitted = Log<(Int, Duration)>()
    let consumer = Task {
      for await value in values._throttle(for: .seconds(1), clock: clock, latest: true) {
        emitted.append((value, clock.now.offset))
      }
    }
    for (value, at) in [(1, 0), (2, 300), (3, 600), (4, 1_200), (5, 1_500)] {
      await clock.advance(to: clock.now.advanced(by: .milliseconds(at) - clock.now.offset))
      input.yield(value)
      await clock.advance()
    }
    input.finish()
    await clock.advance(by: .milliseconds(699))
    #expect(emitted.elements.map(\.0) == [1, 4])
    await clock.advance(by: .milliseconds(1))
    await consumer.value
    #expect(emitted.elements.map(\.0) == [1, 4, 5])
    #expect(emitted.elements.map(\.1) == [.zero, .milliseconds(1_200), .milliseconds(2_200)])
  }
}

/// A list that tasks under test append to and tests read.
final class Log<Element: Sendable>: Sendable {
  private let storage = LockIsolated<[Element]>([])
  func append(_ element: Element) { storage.withValue { $0.append(element) } }
  var elements: [Element] { storage.value }
  var count: Int { storage.value.count }
}
