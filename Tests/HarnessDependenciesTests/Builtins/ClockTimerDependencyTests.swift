import Foundation
import HarnessClocks
import HarnessDependencies
import HarnessIssues
import HarnessTesting
import Testing

/// The timer as the `continuousClock` documentation writes it: on the dependency, known only as
/// `any Clock<Duration>`, in a file that imports Foundation (whose Glibc has a `clock()`).
@MainActor
final class TickingModel {
  @Dependency(\.continuousClock) var clock
  var ticks = 0

  func start() async {
    for await _ in clock.timer(interval: .seconds(1)) { ticks += 1 }
  }
}

@MainActor
@Suite struct ClockTimerDependencyTests {
  @Test func aTimerOnTheClockDependencyTicksWithATestClock() async {
    let clock = TestClock()
    let model = withDependencies { $0.continuousClock = clock } operation: { TickingModel() }
    let task = Task { await model.start() }
    await clock.advance(by: .seconds(3))
    #expect(model.ticks == 3)
    await clock.advance(by: .milliseconds(999))
    #expect(model.ticks == 3)
    await clock.advance(by: .milliseconds(1))
    #expect(model.ticks == 4)
    task.cancel()
    await task.value
  }

  @Test func aTimerOnTheClockDependencyRunsOutAtOnceWithAnImmediateClock() async {
    let model = withDependencies { $0.continuousClock = ImmediateClock() } operation: { TickingModel() }
    var ticks = 0
    for await _ in model.clock.timer(interval: .seconds(1)) {
      ticks += 1
      if ticks == 10 { break }
    }
    #expect(ticks == 10)
  }

  /// A concrete clock still gets a timer of its own type (no type erasure in the way).
  @Test func aConcreteClockKeepsItsOwnTimerType() {
    let timer = TestClock().timer(interval: .seconds(1))
    #expect(type(of: timer) == ClockTimer<TestClock<Duration>>.self)
    let erased = (TestClock() as any Clock<Duration>).timer(interval: .seconds(1))
    #expect(type(of: erased) == ClockTimer<AnyClock<Duration>>.self)
  }
}
