import Foundation
import Harness
import HarnessStore
import Testing

// Port of TCA's Tests/ComposableArchitectureTests/EffectCancellationTests.swift to Harness.
// TCA builds these effects from Combine publishers (PassthroughSubject, Just.delay); here they
// are `.run` effects over `TCASubject` (TCAScenarioSupport.swift) or a clock's sleep. TCA waits with
// Task.megaYield() under withMainSerialExecutor; here a `TestWork` settles: every task the test
// started has run as far as it can, so what the effects send has arrived, and nothing more will.

/// Appends every action `effect` sends to `values`, in a task of its own.
private func collect(_ effect: Effect<Int>, into values: LockIsolated<[Int]>) -> Task<Void, Never> {
  Task {
    for await value in effect.actions { values.withValue { $0.append(value) } }
  }
}

/// Sends `value` through `subject`, lets `work` settle (TCA sends, then yields until the effect
/// ran), and expects `values` to read `expected`.
private func deliver(
  _ value: Int, through subject: TCASubject<Int>, settling work: TestWork, expecting expected: [Int],
  in values: LockIsolated<[Int]>, sourceLocation: SourceLocation = #_sourceLocation
) async {
  subject.send(value)
  await work.settle()
  #expect(values.value == expected, sourceLocation: sourceLocation)
}

/// Keeps the last action `effect` sends in `result`, in a task of its own.
private func keepLast(_ effect: Effect<Int>, in result: LockIsolated<Int?>) -> Task<Void, Never> {
  Task {
    for await value in effect.actions { result.setValue(value) }
  }
}

@Suite struct TCAEffectCancellationTests {
  struct CancelID: Hashable, Sendable {}

  @Test func testCancellation() async {
    let work = TestWork()
    let values = LockIsolated<[Int]>([])
    let subject = TCASubject<Int>()
    let effect = subject.forwarded()
      .cancellable(id: CancelID())

    let task = collect(effect, into: values)

    await work.settle()
    #expect(subject.subscriberCount == 1)
    #expect(values.value == [])
    await deliver(1, through: subject, settling: work, expecting: [1], in: values)
    await deliver(2, through: subject, settling: work, expecting: [1, 2], in: values)

    await Task.cancel(id: CancelID())

    subject.send(3)
    await work.settle()
    #expect(values.value == [1, 2])

    await task.value
  }

  @Test func testCancelInFlight() async {
    let work = TestWork()
    let values = LockIsolated<[Int]>([])
    let subject = TCASubject<Int>()
    let effect1 = subject.forwarded()
      .cancellable(id: CancelID(), cancelInFlight: true)

    let task1 = collect(effect1, into: values)
    await work.settle()
    #expect(subject.subscriberCount == 1)

    #expect(values.value == [])
    await deliver(1, through: subject, settling: work, expecting: [1], in: values)
    await deliver(2, through: subject, settling: work, expecting: [1, 2], in: values)

    let effect2 = subject.forwarded()
      .cancellable(id: CancelID(), cancelInFlight: true)

    let task2 = collect(effect2, into: values)
    // TCA: effect2 starting cancels effect1 (cancelInFlight), so only effect2 is subscribed.
    // Here both are (see below): wait for effect2 to subscribe.
    await work.settle()
    #expect(subject.subscriberCount == 2)

    // Harness differs here, as documented on `Effect.actions` ("for its own .cancellable(id:),
    // cancelInFlight and debounce, each stream is a store of its own (as two stores are): they
    // do not reach the effects of another actions stream"): effect2's cancelInFlight does not
    // cancel effect1, both stay subscribed and every value arrives twice ([1, 2, 3, 3] and
    // [1, 2, 3, 3, 4, 4]). TCA's assertions are kept, as known issues.
    subject.send(3)
    await work.settle()
    withKnownIssue("Harness: cancelInFlight does not reach another Effect.actions stream") {
      #expect(values.value == [1, 2, 3])
    }
    #expect(values.value == [1, 2, 3, 3])
    subject.send(4)
    await work.settle()
    withKnownIssue("Harness: cancelInFlight does not reach another Effect.actions stream") {
      #expect(values.value == [1, 2, 3, 4])
    }
    #expect(values.value == [1, 2, 3, 3, 4, 4])

    await Task.cancel(id: CancelID())
    await task1.value
    await task2.value
  }

  @Test func testCancellationAfterDelay() async {
    let result = LockIsolated<Int?>(nil)
    let effect = Effect<Int>.run { send in
      // TCA's 0.15 s, lengthened: under load the cancelling task below may start late.
      try await Task.sleep(for: .seconds(10))
      await send(1)
    }
    .cancellable(id: CancelID())

    let task = keepLast(effect, in: result)
    #expect(result.value == nil)

    // TCA: DispatchQueue.main.asyncAfter(deadline: .now() + 0.05) { Task.cancel(id: CancelID()) }
    Task {
      try await Task.sleep(for: .milliseconds(50))
      await Task.cancel(id: CancelID())
    }

    await task.value
    #expect(result.value == nil)
  }

  @Test func testCancellationAfterDelay_WithTestScheduler() async {
    let work = TestWork()
    let clock = TestClock()
    let result = LockIsolated<Int?>(nil)
    let effect = Effect<Int>.run { send in
      try await clock.sleep(for: .seconds(2))
      await send(1)
    }
    .cancellable(id: CancelID())

    let task = keepLast(effect, in: result)
    await work.settle()
    #expect(clock.pendingSleepers.count == 1)

    #expect(result.value == nil)
    await clock.advance(by: .seconds(1))
    await Task.cancel(id: CancelID())
    await clock.run()
    #expect(result.value == nil)

    await task.value
  }

  @Test func testDoubleCancellation() async {
    let work = TestWork()
    let values = LockIsolated<[Int]>([])
    let subject = TCASubject<Int>()
    let effect = subject.forwarded()
      .cancellable(id: CancelID())
    .cancellable(id: CancelID())

    let task = collect(effect, into: values)
    await work.settle()
    #expect(subject.subscriberCount == 1)
    #expect(values.value == [])

    await deliver(1, through: subject, settling: work, expecting: [1], in: values)

    await Task.cancel(id: CancelID())

    subject.send(2)
    await work.settle()
    #expect(values.value == [1])

    await task.value
    #expect(values.value == [1])
  }

  @Test func testCompleteBeforeCancellation() async {
    let work = TestWork()
    let values = LockIsolated<[Int]>([])
    let subject = TCASubject<Int>()
    let effect = subject.forwarded()
      .cancellable(id: CancelID())

    let task = collect(effect, into: values)
    await work.settle()
    #expect(subject.subscriberCount == 1)

    await deliver(1, through: subject, settling: work, expecting: [1], in: values)

    subject.finish()
    await work.settle()
    #expect(values.value == [1])

    await Task.cancel(id: CancelID())

    await task.value
    #expect(values.value == [1])
  }

  @Test func testSharedId() async {
    let work = TestWork()
    let clock = TestClock()
    let effect1 = Effect<Int>.run { send in
      try await clock.sleep(for: .seconds(1))
      await send(1)
    }
    .cancellable(id: "id")
    let effect2 = Effect<Int>.run { send in
      try await clock.sleep(for: .seconds(2))
      await send(2)
    }
    .cancellable(id: "id")

    let output = LockIsolated<[Int]>([])
    let task1 = collect(effect1, into: output)
    let task2 = collect(effect2, into: output)
    await work.settle()
    #expect(clock.pendingSleepers.count == 2)

    #expect(output.value == [])
    await clock.advance(by: .seconds(1))
    #expect(output.value == [1])
    await clock.advance(by: .seconds(1))
    #expect(output.value == [1, 2])

    await task1.value
    await task2.value
  }

  @Test func testImmediateCancellation() async {
    let clock = TestClock()
    let output = LockIsolated<[Int]>([])
    let effect = Effect<Int>.run { send in
      try await clock.sleep(for: .seconds(1))
      await send(1)
    }
    .cancellable(id: "id")

    let task = collect(effect, into: output)
    #expect(output.value == [])
    task.cancel()

    await clock.advance(by: .seconds(1))
    #expect(output.value == [])

    await task.value
  }

  @Test func testNestedMergeCancellation() async {
    // TCA: `.publisher { (1...2).publisher }.cancellable(id: 1)` merged, `.cancellable(id: 2)`.
    let effect = Effect<Int>.merge(
      .run { send in
        await send(1)
        await send(2)
      }
      .cancellable(id: 1)
    )
    .cancellable(id: 2)

    var output: [Int] = []
    for await n in effect.actions { output.append(n) }
    #expect(output == [1, 2])
  }
}
