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

/// A test's followed work, a subject, and what the effects forwarding it sent, in order.
private struct Forwarding {
  let work = TestWork()
  let subject = TCASubject<Int>()
  let values = LockIsolated<[Int]>([])

  /// The subject's values, as an effect cancellable with `id`.
  func effect(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Effect<Int> {
    subject.forwarded().cancellable(id: id, cancelInFlight: cancelInFlight)
  }

  /// Collects what `effect` sends in a task of its own, lets it subscribe, and expects the
  /// subject to have `subscribers` subscribers.
  func collecting(
    _ effect: Effect<Int>, subscribers: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) async -> Task<Void, Never> {
    let task = collect(effect, into: values)
    await work.settle()
    #expect(subject.subscriberCount == subscribers, sourceLocation: sourceLocation)
    return task
  }

  /// Sends `value` through the subject, lets the work settle (TCA sends, then yields until the
  /// effect ran), and expects what was sent so far to read `expected`.
  func deliver(_ value: Int, expecting expected: [Int], sourceLocation: SourceLocation = #_sourceLocation) async {
    subject.send(value)
    await work.settle()
    #expect(values.value == expected, sourceLocation: sourceLocation)
  }
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
    let forwarding = Forwarding()
    let task = await forwarding.collecting(forwarding.effect(id: CancelID()), subscribers: 1)
    #expect(forwarding.values.value == [])
    await forwarding.deliver(1, expecting: [1])
    await forwarding.deliver(2, expecting: [1, 2])

    await Task.cancel(id: CancelID())

    await forwarding.deliver(3, expecting: [1, 2])

    await task.value
  }

  @Test func testCancelInFlight() async {
    let forwarding = Forwarding()
    let task1 = await forwarding.collecting(forwarding.effect(id: CancelID(), cancelInFlight: true), subscribers: 1)
    #expect(forwarding.values.value == [])
    await forwarding.deliver(1, expecting: [1])
    await forwarding.deliver(2, expecting: [1, 2])

    // TCA: effect2 starting cancels effect1 (cancelInFlight), so only effect2 is subscribed.
    // Here both are (see below).
    let task2 = await forwarding.collecting(forwarding.effect(id: CancelID(), cancelInFlight: true), subscribers: 2)

    // Harness differs here, as documented on `Effect.actions` ("for its own .cancellable(id:),
    // cancelInFlight and debounce, each stream is a store of its own (as two stores are): they
    // do not reach the effects of another actions stream"): effect2's cancelInFlight does not
    // cancel effect1, both stay subscribed and every value arrives twice ([1, 2, 3, 3] and
    // [1, 2, 3, 3, 4, 4]). TCA's assertions are kept, as known issues.
    let values = forwarding.values
    await forwarding.deliver(3, expecting: [1, 2, 3, 3])
    withKnownIssue("Harness: cancelInFlight does not reach another Effect.actions stream") {
      #expect(values.value == [1, 2, 3])
    }
    await forwarding.deliver(4, expecting: [1, 2, 3, 3, 4, 4])
    withKnownIssue("Harness: cancelInFlight does not reach another Effect.actions stream") {
      #expect(values.value == [1, 2, 3, 4])
    }

    await Task.cancel(id: CancelID())
    await task1.value
    await task2.value
  }

  @Test func testCancellationAfterDelay() async {
    let work = TestWork()
    let result = LockIsolated<Int?>(nil)
    let effect = Effect<Int>.run { send in
      // TCA's 0.15 s, lengthened: under load the cancelling task below may start late.
      try await Task.sleep(for: .seconds(10))
      await send(1)
    }
    .cancellable(id: CancelID())

    let task = keepLast(effect, in: result)
    // The effect has started (and registered its id) before the delayed cancel begins: without
    // it, a task starting more than 50 ms late on a loaded machine lets the cancel miss.
    await work.settle()
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
    let forwarding = Forwarding()
    let effect = forwarding.effect(id: CancelID()).cancellable(id: CancelID())
    let task = await forwarding.collecting(effect, subscribers: 1)
    #expect(forwarding.values.value == [])

    await forwarding.deliver(1, expecting: [1])

    await Task.cancel(id: CancelID())

    await forwarding.deliver(2, expecting: [1])

    await task.value
    #expect(forwarding.values.value == [1])
  }

  @Test func testCompleteBeforeCancellation() async {
    let forwarding = Forwarding()
    let task = await forwarding.collecting(forwarding.effect(id: CancelID()), subscribers: 1)

    await forwarding.deliver(1, expecting: [1])

    forwarding.subject.finish()
    await forwarding.work.settle()
    #expect(forwarding.values.value == [1])

    await Task.cancel(id: CancelID())

    await task.value
    #expect(forwarding.values.value == [1])
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
