import Foundation
import Harness
import HarnessStore
import Testing

// Scenarios of TCA's EffectTests.swift, EffectDebounceTests.swift and EffectFailureTests.swift.
// TCA wraps these in withMainSerialExecutor; Harness claims determinism without it (TestClock
// follows the test's tasks), so none is used here.

@Suite struct TCAEffectTests {
  @Test func testConcatenate() async {
    let clock = TestClock()
    let values = LockIsolated<[Int]>([])
    let effect = Effect<Int>.concatenate(
      (1...3).map { count in
        .run { send in
          try await clock.sleep(for: .seconds(count))
          await send(count)
        }
      }
    )
    let task = Task {
      for await n in effect.actions { values.withValue { $0.append(n) } }
    }
    #expect(values.value == [])
    await clock.advance(by: .seconds(1))
    #expect(values.value == [1])
    await clock.advance(by: .seconds(2))
    #expect(values.value == [1, 2])
    await clock.advance(by: .seconds(3))
    #expect(values.value == [1, 2, 3])
    await clock.run()
    #expect(values.value == [1, 2, 3])
    await task.value
  }

  // TCA: `.concatenate` of one publisher delayed 1 on a test scheduler.
  @Test func testConcatenateOneEffect() async {
    let clock = TestClock()
    let values = LockIsolated<[Int]>([])
    let effect = Effect<Int>.concatenate(
      .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(1)
      }
    )
    let task = Task {
      for await n in effect.actions { values.withValue { $0.append(n) } }
    }
    #expect(values.value == [])
    await clock.advance(by: .seconds(1))
    #expect(values.value == [1])
    await clock.run()
    #expect(values.value == [1])
    await task.value
  }

  @Test func testMerge() async {
    let clock = TestClock()
    let effect = Effect<Int>.merge(
      (1...3).map { count in
        .run { send in
          try await clock.sleep(for: .seconds(count))
          await send(count)
        }
      }
    )
    let values = LockIsolated<[Int]>([])
    let task = Task {
      for await n in effect.actions { values.withValue { $0.append(n) } }
    }
    #expect(values.value == [])
    await clock.advance(by: .seconds(1))
    #expect(values.value == [1])
    await clock.advance(by: .seconds(1))
    #expect(values.value == [1, 2])
    await clock.advance(by: .seconds(1))
    #expect(values.value == [1, 2, 3])
    await task.value
  }

  @Test func testDoubleCancelInFlight() async {
    var result: Int?
    let effect = Effect.send(42)
      .cancellable(id: "id", cancelInFlight: true)
      .cancellable(id: "id", cancelInFlight: true)
    for await n in effect.actions {
      #expect(result == nil)
      result = n
    }
    #expect(result == 42)
  }

  @Test func testDependenciesTransferredToEffects_Task() async {
    let store = TestStore(initialState: 0) {
      ReadsTheDate()
        .dependency(\.date, .constant(Date(timeIntervalSinceReferenceDate: 1_234_567_890)))
    }
    await store.send(.tap).finish(timeout: .seconds(1))
    await store.receive(.response(1_234_567_890)) { $0 = 1_234_567_890 }
  }

  @Test func testDependenciesTransferredToEffects_Run() async {
    let store = TestStore(initialState: 0) {
      ReadsTheDate()
        .dependency(\.date, .constant(Date(timeIntervalSinceReferenceDate: 1_234_567_890)))
    }
    await store.send(.tap).finish(timeout: .seconds(1))
    await store.receive(.response(1_234_567_890)) { $0 = 1_234_567_890 }
  }

  @Test func testMap() async {
    @Dependency(\.date) var date
    let effect = withDependencies {
      $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
    } operation: {
      Effect.send(()).map { date() }
    }
    var output: Date?
    for await value in effect.actions {
      #expect(output == nil)
      output = value
    }
    #expect(output == Date(timeIntervalSince1970: 1_234_567_890))

    let runEffect = withDependencies {
      $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
    } operation: {
      Effect<Void>.run { send in await send(()) }.map { date() }
    }
    output = nil
    for await value in runEffect.actions {
      #expect(output == nil)
      output = value
    }
    #expect(output == Date(timeIntervalSince1970: 1_234_567_890))
  }

  // MARK: EffectDebounceTests

  // TCA: three effects debounced with the same id, each iterated in a task of its own; only the
  // last one emits. Harness documents that each `actions` stream is a store of its own for
  // cancelInFlight and debounce: checked below as TCA's values.
  @Test func testDebounce() async {
    let clock = TestClock()
    let values = LockIsolated<[Int]>([])
    struct CancelToken: Hashable, Sendable {}
    @discardableResult
    func runDebouncedEffect(value: Int) -> Task<Void, Never> {
      Task {
        let effect = Effect.send(value).debounce(id: CancelToken(), for: .seconds(1), clock: clock)
        for await action in effect.actions { values.withValue { $0.append(action) } }
      }
    }
    // Documented difference: each stream debounces on its own, so every value arrives a second
    // after its own start ([1] at 1 s, [1, 2] at 1.5 s, [1, 2, 3] at 2 s).
    func check(_ expected: [Int], harness: [Int], sourceLocation: SourceLocation = #_sourceLocation) {
      #expect(values.value == harness, sourceLocation: sourceLocation)
      if harness != expected {
        withKnownIssue("Harness: debounce ids do not reach another Effect.actions stream") {
          #expect(values.value == expected, sourceLocation: sourceLocation)
        }
      }
    }
    runDebouncedEffect(value: 1)
    check([], harness: [])
    await clock.advance(by: .milliseconds(500))
    check([], harness: [])
    runDebouncedEffect(value: 2)
    await clock.advance(by: .milliseconds(500))
    check([], harness: [1])
    runDebouncedEffect(value: 3)
    await clock.advance(by: .milliseconds(500))
    check([], harness: [1, 2])
    await clock.advance(by: .milliseconds(500))
    check([3], harness: [1, 2, 3])
    await clock.run()
    check([3], harness: [1, 2, 3])
  }

  // The same scenario with the debounced effects returned to one store (where Harness says
  // debounce ids apply).
  @Test func testDebounce_InOneStore() async {
    let clock = TestClock()
    struct CancelToken: Hashable, Sendable {}
    let store = TestStore(initialState: [Int]()) {
      Reduce<[Int], Int> { state, action in
        if action < 0 {
          state.append(-action)
          return .none
        }
        return Effect.send(-action).debounce(id: CancelToken(), for: .seconds(1), clock: clock)
      }
    }
    await store.send(1)
    await clock.advance(by: .milliseconds(500))
    await store.send(2)
    await clock.advance(by: .milliseconds(500))
    await store.send(3)
    await clock.advance(by: .milliseconds(500))
    await clock.advance(by: .milliseconds(500))
    await store.receive(-3) { $0 = [3] }
    await clock.run()
  }

  @Test func testDebounceIsLazy() async {
    let clock = TestClock()
    let values = LockIsolated<[Int]>([])
    let effectRuns = LockIsolated(0)
    struct CancelToken: Hashable, Sendable {}
    let task = Task {
      let effect = Effect<Int>.run { send in
        effectRuns.withValue { $0 += 1 }
        await send(1)
      }
      .debounce(id: CancelToken(), for: .seconds(1), clock: clock)
      for await action in effect.actions { values.withValue { $0.append(action) } }
    }
    #expect(values.value == [])
    #expect(effectRuns.value == 0)
    await clock.advance(by: .milliseconds(500))
    #expect(values.value == [])
    #expect(effectRuns.value == 0)
    await clock.advance(by: .milliseconds(500))
    #expect(values.value == [1])
    #expect(effectRuns.value == 1)
    await task.value
  }

  // MARK: EffectFailureTests

  // TCA: 'An "Effect.run" returned from "<fileID>:<line>" threw an unhandled error. …
  // EffectFailureTests.Unexpected() … All non-cancellation errors must be explicitly handled via
  // the "catch" parameter on "Effect.run", or via a "do" block.'
  @Test func testRunUnexpectedThrows() async {
    struct Unexpected: Error {}
    let line = #line + 2
    await expectTCAIssue("HarnessStoreTests/TCAEffectTests.swift:\(line)", "threw an error it did not handle", "Unexpected()", "catch") {
      let effect = Effect<Void>.run { _ in
        throw Unexpected()
      }
      for await _ in effect.actions {}
    }
  }
}

private struct ReadsTheDate: Reducer {
  enum Action: Equatable, Sendable {
    case tap
    case response(Int)
  }
  @Dependency(\.date) var date
  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    switch action {
    case .tap:
      return .run { send in
        await send(.response(Int(self.date.now.timeIntervalSinceReferenceDate)))
      }
    case let .response(value):
      state = value
      return .none
    }
  }
}
