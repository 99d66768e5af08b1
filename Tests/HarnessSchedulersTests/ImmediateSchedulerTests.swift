#if Schedulers
import HarnessSchedulers
import Testing

@Suite struct ImmediateSchedulerTests {
  @Test func actionsRunAtOnceAndTimeNeverMoves() {
    let scheduler = DispatchQueue.immediate
    let start = scheduler.now
    var ran: [String] = []
    scheduler.schedule { ran.append("now") }
    scheduler.schedule(after: scheduler.now.advanced(by: .seconds(60))) { ran.append("later") }
    let timer = scheduler.schedule(after: scheduler.now, interval: .seconds(1)) { ran.append("timer") }
    #expect(ran == ["now", "later", "timer"])   // a timer fires once
    #expect(scheduler.now == start)
    timer.cancel()
  }

  /// What the episode explains: on an immediate scheduler a debounce cannot debounce (time never
  /// passes, so every value's quiet period is over at once): each value is delivered as it comes.
  /// Enough for a preview; a test of the debouncing itself needs a `TestScheduler`.
  @Test func debounceDeliversEveryValueAtOnce() {
    let scheduler = DispatchQueue.immediate
    let subject = PassthroughSubject<Int, Never>()
    var values: [Int] = []
    let cancellable = subject.debounce(for: .seconds(1), scheduler: scheduler).sink { values.append($0) }
    subject.send(1)
    subject.send(2)
    subject.send(3)
    #expect(values == [1, 2, 3])
    _ = cancellable
  }

  /// Time never moves, and each value's emission is scheduled and runs at once: nothing is held
  /// back (measured on OpenCombine; the documentation says not to rely on either outcome).
  @Test func throttleDeliversEveryValueAtOnce() {
    let scheduler = DispatchQueue.immediate
    let subject = PassthroughSubject<Int, Never>()
    var values: [Int] = []
    let cancellable = subject.throttle(for: .seconds(1), scheduler: scheduler, latest: false).sink { values.append($0) }
    subject.send(1)
    subject.send(2)
    subject.send(3)
    #expect(values == [1, 2, 3])
    _ = cancellable
  }

  @Test func delayAndReceiveOnDeliverAtOnce() {
    let scheduler = RunLoop.immediate.eraseToAnyScheduler()
    var values: [Int] = []
    let cancellable = [1, 2].publisher
      .delay(for: .seconds(5), scheduler: scheduler)
      .receive(on: scheduler)
      .sink { values.append($0) }
    #expect(values == [1, 2])
    _ = cancellable
  }
}
#endif
