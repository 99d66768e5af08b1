import Foundation
import Harness
import HarnessStore
import HarnessTesting
import Testing

/// A feature whose state is built from a dependency, with a response that arrives after work
/// outside the followed tasks (real time), for the TestStore API that TCA users reach for.
struct Stamped: Reducer {
  struct State: Equatable, Sendable {
    var createdAt: Date
    var log: [String] = []
    var value = 0.0

    init() {
      @Dependency(\.date.now) var now
      createdAt = now
    }
  }

  enum Action: Equatable, Sendable {
    case load, first, second, response(String), setValue(Double), ping, pong(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .load:
      return .run { send in
        await send(.first)
        // Outside the followed work's clocks: the store must wait for it in real time.
        try await Task.sleep(for: .milliseconds(20))
        await send(.second)
      }
    case .first:
      state.log.append("first")
      return .none
    case .second:
      state.log.append("second")
      return .none
    case let .response(text):
      state.log.append(text)
      return .none
    case let .setValue(value):
      state.value = value
      return .none
    case .ping:
      return .send(.pong(7))
    case let .pong(n):
      state.log.append("pong \(n)")
      return .none
    }
  }
}

/// Explored: each test runs in 20 seeded interleavings of its jobs, and must pass in every one.
@Suite(.interleavings(20)) struct TestStoreAPITests {
  let date = Date(timeIntervalSince1970: 1_000_000)

  func makeStore() -> TestStoreOf<Stamped> {
    TestStore(initialState: Stamped.State()) { Stamped() } withDependencies: { [date] in
      $0.date = .constant(date)
    }
  }

  @Test func initialStateAndAssertionsRunInTheStoresDependencies() async {
    let store = makeStore()
    #expect(store.state.createdAt == date)
    await store.send(.ping)
    await store.receive(.pong(7)) {
      @Dependency(\.date.now) var now
      $0.log = ["pong \(Int(now.timeIntervalSince1970) / 1_000_000 * 7)"]
    }
  }

  @Test func nonExhaustiveReceiveWaitsForAMatchingAction() async {
    let store = makeStore()
    store.exhaustivity = .off
    await store.send(.load)
    // `.first` arrives at once and is skipped; `.second` only after real time passes. A long
    // timeout (it costs nothing once `.second` arrives): while Swift Testing's exit tests block
    // the cooperative pool, the effect's 20 ms sleep and the receive's timer both fire only once
    // the pool is free, in either order, and a 1 s timeout then loses the race now and then.
    await store.receive(.second, timeout: .seconds(60)) { $0.log = ["first", "second"] }
  }

  @Test func nonExhaustiveSendNeverRewindsTheState() async {
    let store = makeStore()
    store.exhaustivity = .off
    await store.send(.ping)
    await store.send(.setValue(1))
    // The unasserted `.pong` was accepted before the second send: the state keeps it.
    #expect(store.state.log == ["pong 7"])
    #expect(store.state.value == 1)
    await store.assert { $0.log = ["pong 7"] }
  }

  @Test func aFailedNonExhaustiveReceiveKeepsThePendingActions() async {
    let store = makeStore()
    store.exhaustivity = .off
    await store.send(.ping)
    await withExpectedIssue {
      await store.receive(.response("never"), timeout: .milliseconds(10))
    } matching: { issue in
      issue.message.contains("Expected to receive Stamped.Action.response(\"never\")")
        && issue.message.contains("None of the 1 received action(s) matched")
    }
    await store.receive(.pong(7)) { $0.log = ["pong 7"] }
  }

  @Test func receiveByCaseNamesTheCaseWhenItFails() async {
    let store = makeStore()
    await store.send(.ping)
    await withExpectedIssue {
      await store.receive(Stamped.Action.response) { $0.log = ["pong 7"] }
    } matching: { issue in
      issue.message.contains("Expected an action of the case .response, but received another action")
        && issue.message.contains("Stamped.Action.pong(7)")
    }
  }

  @Test func receiveByCaseWithAPayload() async {
    let store = makeStore()
    await store.send(.ping)
    await store.receive(Stamped.Action.pong, 7) { $0.log = ["pong 7"] }

    await store.send(.ping)
    await withExpectedIssue {
      await store.receive(Stamped.Action.pong, 8) { $0.log.append("pong 7") }
    } matching: { issue in
      issue.message.contains("Received the case with another payload") && issue.message.contains("− 8")
        && issue.message.contains("+ 7")
    }
  }

  @Test func sendByCase() async {
    let store = makeStore()
    await store.send(Stamped.Action.setValue, 2) { $0.value = 2 }
  }

  @Test func equalDumpsButUnequalStatesSayWhy() async {
    let store = makeStore()
    await withExpectedIssue {
      await store.send(.setValue(.nan)) { $0.value = .nan }
    } matching: { issue in
      issue.message.contains("The values are not equal (==), but their dumps are the same")
    }
  }

  @Test func skipInFlightEffectsKeepsThemRunning() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) { Counter() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.timerTapped) { $0.isTimerOn = true }
    await store.skipInFlightEffects()
    await clock.advance(by: .seconds(1))
    // Still running: its tick arrives and is received.
    await store.receive(.timerTick) { $0.count = 1 }
    await store.send(.stopTimerTapped) { $0.isTimerOn = false }
  }

  @Test func withExhaustivityRestoresIt() async {
    let store = makeStore()
    await store.withExhaustivity(.off) {
      await store.send(.ping)
      await store.send(.setValue(3)) { $0.value = 3 }
    }
    #expect(store.exhaustivity == .on)
    await store.send(.setValue(4)) { $0.value = 4 }
  }

  @Test func anExhaustiveAssertThatRestatesTheStatePasses() async {
    let store = makeStore()
    // As TCA's `assert`: every change is asserted already, so there is nothing else to state.
    await store.assert { $0.value = 0 }
    await store.assert { _ in }
    await withExpectedIssue {
      await store.assert { $0.value = 9 }
    } matching: { issue in
      issue.message.contains("The state does not match the assertion") && issue.message.contains("−   value: 9.0")
    }
  }

  @Test func testStoreTaskCancelsAndFinishes() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) { Counter() } withDependencies: {
      $0.continuousClock = clock
    }
    let timer = await store.send(.timerTapped) { $0.isTimerOn = true }
    #expect(!timer.isCancelled)
    await timer.cancel()
    #expect(timer.isCancelled)

    let delayed = await store.send(.delayedIncrementTapped)
    await withExpectedIssue {
      await delayed.finish(timeout: .milliseconds(10))
    } matching: { issue in
      issue.message.contains("Expected the effects of this send to finish, but they are still running")
    }
    await clock.advance(by: .seconds(1))
    await delayed.finish()
    await store.receive(.incrementTapped) { $0.count = 1 }
  }
}

/// Explored: each test runs in 20 seeded interleavings of its jobs, and must pass in every one.
@Suite(.interleavings(20)) struct StoreScopingTests {
  @Test func aScopedStoreSendsThroughItsParent() async {
    let store = Store(initialState: Parent.State()) { Parent() }
    let counter = store.scope(state: \.counter, action: Parent.Action.counter)
    counter.send(.incrementTapped)
    counter.send(.incrementTapped)
    #expect(counter.state.count == 2)
    #expect(store.state.counter.count == 2)
    var states = counter.states.makeAsyncIterator()
    #expect(await states.next()?.count == 2)
  }

  @Test func printChangesKeepsTheReducersBehaviour() async {
    let store = TestStore(initialState: Counter.State()) { Counter()._printChanges() }
    await store.send(.incrementTapped) { $0.count = 1 }
  }
}
