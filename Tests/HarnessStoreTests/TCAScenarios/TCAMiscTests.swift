import Foundation
import Harness
import HarnessStore
import Testing

// Scenarios of TCA's ComposableArchitectureTests.swift, MemoryManagementTests.swift and
// CompatibilityTests.swift. DispatchQueue.test becomes TestClock.

@Suite struct TCAComposableArchitectureTests {
  // Three sleeps in a task group: 1 s (square), 2 s (incr), 2 s (square). At 2 s two sleepers are
  // due at once; TCA's scheduler wakes them in the order they were scheduled (incr first).
  @Test func testScheduling() async {
    let clock = TestClock()
    let store = TestStore(initialState: 2) {
      Scheduling()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.incrAndSquareLater)
    await clock.advance(by: .seconds(1))
    await store.receive(.squareNow) { $0 = 4 }
    await clock.advance(by: .seconds(1))
    await store.receive(.incrNow) { $0 = 5 }
    await store.receive(.squareNow) { $0 = 25 }

    await store.send(.incrAndSquareLater)
    await clock.advance(by: .seconds(2))
    await store.receive(.squareNow) { $0 = 625 }
    await store.receive(.incrNow) { $0 = 626 }
    await store.receive(.squareNow) { $0 = 391_876 }
  }

  @Test func testLongLivingEffects() async {
    enum Action: Equatable, Sendable { case end, incr, start }
    let effect = AsyncStream.makeStream(of: Void.self)
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .end:
          return .run { _ in effect.continuation.finish() }
        case .incr:
          state += 1
          return .none
        case .start:
          return .run { send in
            for await _ in effect.stream { await send(.incr) }
          }
        }
      }
    }
    await store.send(.start)
    await store.send(.incr) { $0 = 1 }
    effect.continuation.yield()
    await store.receive(.incr) { $0 = 2 }
    await store.send(.end)
  }

  @Test func testCancellation() async {
    let clock = TestClock()
    enum Action: Equatable, Sendable { case cancel, incr, response(Int) }
    enum CancelID { case sleep }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .cancel:
          return .cancel(id: CancelID.sleep)
        case .incr:
          state += 1
          return .run { [state] send in
            try await clock.sleep(for: .seconds(1))
            await send(.response(state * state))
          }
          .cancellable(id: CancelID.sleep)
        case let .response(value):
          state = value
          return .none
        }
      }
    }
    await store.send(.incr) { $0 = 1 }
    await clock.advance(by: .seconds(1))
    await store.receive(.response(1))

    await store.send(.incr) { $0 = 2 }
    await store.send(.cancel)
    await store.finish()
  }
}

@Suite struct TCAMemoryManagementTests {
  @Test func testOwnership_ScopeHoldsOntoParent() async {
    let store = Store(initialState: 0) {
      Reduce<Int, Void> { state, _ in
        state += 1
        return .none
      }
    }
    .scope(state: \.self, action: { $0 })
    .scope(state: \.self, action: { $0 })
    var states = store.states.makeAsyncIterator()
    #expect(await states.next() == 0)
    store.send(())
    #expect(await states.next() == 1)
  }

  @Test func testEffectWithMultipleScopes() async {
    enum Action: Sendable { case tap, response }
    let ran = LockIsolated(false)
    let root = Store(initialState: false) {
      Reduce<Bool, Action> { state, action in
        switch action {
        case .tap:
          state = false
          return .send(.response)
        case .response:
          state = true
          return .run { _ in ran.setValue(true) }
        }
      }
    }
    let store = root.scope(state: \.self, action: { $0 }).scope(state: \.self, action: { $0 })
    var states = store.states.makeAsyncIterator()
    #expect(await states.next() == false)
    await store.send(.tap).finish()
    #expect(ran.value)
    #expect(store.state == true)
    // Each reduced action publishes (.tap's false, then .response's true), and the two scopes
    // forward in tasks of their own: the stream may still hold false when the test reads it.
    var last = await states.next()
    if last == false { last = await states.next() }
    #expect(last == true)
  }
}

@Suite struct TCACompatibilityTests {
  // An action carries an object whose deinit sends `.stop` through a subject that a
  // cancellable effect forwards; TCA handles start, kickOffAction, actionSender, stop in order.
  @Test func testCaseStudy_ActionReentranceFromClearedBufferCausingDeinitAction() async {
    let cancelID = UUID()
    enum Action: Equatable, Sendable {
      case start, kickOffAction, actionSender(OnDeinit), stop
      var name: String {
        switch self {
        case .start: "start"
        case .kickOffAction: "kickOffAction"
        case .actionSender: "actionSender"
        case .stop: "stop"
        }
      }
    }
    let subject = TCASubject<Action>()
    let handled = LockIsolated<[String]>([])
    let store = Store(initialState: 0) {
      Reduce<Int, Action> { _, action in
        handled.withValue { $0.append(action.name) }
        switch action {
        case .start:
          return .run { send in
            for await action in subject.values() { await send(action) }
          }
          .cancellable(id: cancelID)
        case .kickOffAction:
          return .send(.actionSender(OnDeinit { subject.send(.stop) }))
        case .actionSender:
          return .none
        case .stop:
          return .cancel(id: cancelID)
        }
      }
    }
    let task = store.send(.start)
    #expect(await eventually { subject.subscriberCount == 1 })
    store.send(.kickOffAction)
    await task.finish()
    #expect(handled.value == ["start", "kickOffAction", "actionSender", "stop"])
  }
}

final class OnDeinit: Equatable, Sendable {
  private let onDeinit: @Sendable () -> Void
  init(onDeinit: @escaping @Sendable () -> Void) { self.onDeinit = onDeinit }
  deinit { onDeinit() }
  static func == (lhs: OnDeinit, rhs: OnDeinit) -> Bool { true }
}

private struct Scheduling: Reducer {
  enum Action: Equatable, Sendable { case incrAndSquareLater, incrNow, squareNow }
  @Dependency(\.continuousClock) var clock
  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    switch action {
    case .incrAndSquareLater:
      return .run { [clock] send in
        await withThrowingTaskGroup(of: Void.self) { group in
          group.addTask {
            try await clock.sleep(for: .seconds(2))
            await send(.incrNow)
          }
          group.addTask {
            try await clock.sleep(for: .seconds(1))
            await send(.squareNow)
          }
          group.addTask {
            try await clock.sleep(for: .seconds(2))
            await send(.squareNow)
          }
        }
      }
    case .incrNow:
      state += 1
      return .none
    case .squareNow:
      state *= state
      return .none
    }
  }
}
