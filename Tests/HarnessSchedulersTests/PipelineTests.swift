#if Schedulers
import HarnessSchedulers
import Testing

/// Combine's time operators on the test scheduler.
@Suite struct PipelineTests {
  @Test func debounceDeliversTheLastValueAfterAQuietPeriod() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, Never>()
    var values: [Int] = []
    let cancellable = subject.debounce(for: .seconds(1), scheduler: scheduler).sink { values.append($0) }
    subject.send(1)
    scheduler.advance(by: .milliseconds(500))
    subject.send(2)
    scheduler.advance(by: .milliseconds(999))
    #expect(values == [])
    scheduler.advance(by: .milliseconds(1))
    #expect(values == [2])
    subject.send(3)
    scheduler.advance(by: .seconds(1))
    #expect(values == [2, 3])
    _ = cancellable
  }

  @Test func throttleDeliversAtMostOneValuePerInterval() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, Never>()
    var values: [Int] = []
    let cancellable = subject.throttle(for: .seconds(1), scheduler: scheduler, latest: true).sink { values.append($0) }
    subject.send(1)
    scheduler.advance()
    subject.send(2)
    subject.send(3)
    scheduler.advance(by: .milliseconds(500))
    #expect(values == [1])
    scheduler.advance(by: .milliseconds(500))
    #expect(values == [1, 3])
    _ = cancellable
  }

  @Test func delayShiftsEveryValue() {
    let scheduler = RunLoop.test
    let subject = PassthroughSubject<String, Never>()
    var values: [String] = []
    let cancellable = subject.delay(for: .seconds(2), scheduler: scheduler).sink { values.append($0) }
    subject.send("a")
    scheduler.advance(by: .seconds(1))
    subject.send("b")
    scheduler.advance(by: .seconds(1))
    #expect(values == ["a"])
    scheduler.advance(by: .seconds(1))
    #expect(values == ["a", "b"])
    _ = cancellable
  }

  @Test func receiveOnDeliversAtTheNextAdvance() {
    let scheduler = DispatchQueue.test
    var values: [Int] = []
    var finished = false
    let cancellable = [1, 2, 3].publisher
      .receive(on: scheduler)
      .sink(receiveCompletion: { _ in finished = true }, receiveValue: { values.append($0) })
    #expect(values == [])
    scheduler.advance()
    #expect(values == [1, 2, 3])
    #expect(finished)
    _ = cancellable
  }

  @Test func timeoutFailsWhenNoValueComesInTime() {
    struct TimedOut: Error {}
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, TimedOut>()
    var failed = false
    let cancellable = subject
      .timeout(.seconds(5), scheduler: scheduler, customError: { TimedOut() })
      .sink(receiveCompletion: { if case .failure = $0 { failed = true } }, receiveValue: { _ in })
    scheduler.advance(by: .seconds(4))
    #expect(!failed)
    scheduler.advance(by: .seconds(1))
    #expect(failed)
    _ = cancellable
  }

  @Test func anErasedTestSchedulerDrivesTheSamePipeline() {
    let scheduler = DispatchQueue.test
    let erased: AnySchedulerOf<DispatchQueue> = scheduler.eraseToAnyScheduler()
    let subject = PassthroughSubject<Int, Never>()
    var values: [Int] = []
    let cancellable = subject.debounce(for: .seconds(1), scheduler: erased).sink { values.append($0) }
    subject.send(1)
    subject.send(2)
    scheduler.advance(by: .seconds(1))
    #expect(values == [2])
    #expect(erased.now == scheduler.now)
    _ = cancellable
  }
}
#endif
