import Foundation
import Harness
import HarnessStore
import HarnessTesting
import Testing

/// Taps from several senders, each numbered in its sender's order. Every 10th tap re-enters (its
/// reducer sends an echo to its own store) and every 7th returns a `.send`: the echo must be
/// reduced right after its tap, then the `.send`, with nothing in between. The reducer also
/// reads the store's state, which must be the state before the reduce. Violations are counted
/// in the state, so the test sees them all at the end.
struct Relay: Reducer {
  struct State: Equatable, Sendable {
    var reduced = 0
    var echoes = 0
    var chained = 0
    /// The next tap number expected from each sender.
    var nextTap: [Int]
    /// The actions that must come next, in order.
    var expected: [Action] = []
    var violations: [String] = []
  }

  enum Action: Equatable, Sendable {
    case tap(sender: Int, number: Int)
    case echo(sender: Int, number: Int)
    case chained(sender: Int, number: Int)
  }

  let store: StoreReference<State, Action>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let seen = store.state.reduced
    if seen != state.reduced {
      state.violations.append("read \(seen) during the reduce of \(action), not \(state.reduced)")
    }
    if let next = state.expected.first {
      if next != action { state.violations.append("\(action) came where \(next) was due") }
      state.expected.removeFirst()
    }
    state.reduced += 1
    switch action {
    case let .tap(sender, number):
      if state.nextTap[sender] != number {
        state.violations.append("tap \(number) of sender \(sender), expected \(state.nextTap[sender])")
      }
      state.nextTap[sender] = number + 1
      if number % 10 == 0 {
        store.send(.echo(sender: sender, number: number))
        state.expected.append(.echo(sender: sender, number: number))
      }
      guard number % 7 == 0 else { return .none }
      state.expected.append(.chained(sender: sender, number: number))
      return .send(.chained(sender: sender, number: number))
    case .echo:
      state.echoes += 1
      return .none
    case .chained:
      state.chained += 1
      return .none
    }
  }
}

@Suite struct ReentrantOrderingTests {
  @Test func tenThousandActionsFromEightThreadsWhileReducersReenter() async {
    let senders = 8
    let tapsEach = 1_250
    let echoes = senders * (0..<tapsEach).count { $0 % 10 == 0 }
    let chained = senders * (0..<tapsEach).count { $0 % 7 == 0 }
    let total = senders * tapsEach + echoes + chained

    let reference = StoreReference<Relay.State, Relay.Action>()
    let store = Store(initialState: Relay.State(nextTap: Array(repeating: 0, count: senders))) {
      Relay(store: reference)
    }
    reference.set(store)
    defer { reference.set(nil) }

    // States are published in reduce order: a subscriber never sees the count go back.
    let observer = Task {
      var last = -1
      var outOfOrder = 0
      for await state in store.states {
        if state.reduced <= last { outOfOrder += 1 }
        last = state.reduced
        if state.reduced == total { break }
      }
      return (last, outOfOrder)
    }

    let collector = IssueCollector()
    let finished = LockIsolated(0)
    let done = DispatchSemaphore(value: 0)
    for sender in 0..<senders {
      Thread {
        withIssueReporters([collector]) {
          for number in 0..<tapsEach { store.send(.tap(sender: sender, number: number)) }
        }
        finished.withValue { $0 += 1 }
        done.signal()
      }.start()
    }
    // Bounded: a deadlock fails the test instead of hanging it (generous for ThreadSanitizer).
    for _ in 0..<senders {
      guard done.wait(timeout: .now() + 60) == .success else {
        Issue.record("Only \(finished.value) of \(senders) senders finished within 60 s: a deadlock?")
        return
      }
    }

    let state = store.state
    #expect(state.violations == [])
    #expect(state.nextTap == Array(repeating: tapsEach, count: senders))
    #expect(state.echoes == echoes)
    #expect(state.chained == chained)
    #expect(state.reduced == total)
    #expect(state.expected == [])
    let (last, outOfOrder) = await observer.value
    #expect(last == total)
    #expect(outOfOrder == 0)
    // Each re-entrant send was reported once.
    let issues = collector.issues
    #expect(issues.count == echoes)
    #expect(issues.allSatisfy { $0.message.contains("was sent to a store while it was reducing Relay.Action.tap") })
  }
}
