// Send → effect → receive round trips through a TestStore, beside the same reducer called
// directly: what exhaustive testing costs per action (issue 36: at most 50×).
//   swift run -c release --package-path Benchmarks StoreBenchmark
import BenchmarkSupport
import Foundation
import Harness
import HarnessStore

struct PingPong: Reducer {
  struct State: Equatable, Sendable { var pongs = 0 }
  enum Action: Equatable, Sendable { case ping, pong }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .ping:
      return .run { send in await send(.pong) }
    case .pong:
      state.pongs += 1
      return .none
    }
  }
}

let roundTrips = 2_000

/// `count` round trips through a new TestStore, from wherever it is called: the benchmark's top
/// level runs on the main actor, as a `@MainActor` test does; a plain test runs off it.
@Sendable func runRoundTrips(_ count: Int) async {
  let store = TestStore(initialState: PingPong.State()) { PingPong() }
  for index in 1...count {
    await store.send(.ping)
    await store.receive(.pong) { $0.pongs = index }
  }
  await store.finish()
}

/// The floor: the same reducer called directly for the same actions (its effect not run).
@Sendable func reduceDirectly(_ count: Int) {
  let reducer = PingPong()
  var state = PingPong.State()
  for _ in 1...count {
    blackHole(reducer.reduce(into: &state, action: .ping))
    blackHole(reducer.reduce(into: &state, action: .pong))
  }
  blackHole(state)
}

// `StoreBenchmark round-trips` runs only the round trips, for a profiler (`perf record -g`).
if CommandLine.arguments.dropFirst().first == "round-trips" {
  for _ in 0..<50 { await Task.detached { await runRoundTrips(roundTrips) }.value }
  exit(0)
}

// Issue 36's row, in alternating rounds: a round trip off the main actor (as a plain test runs)
// beside its floor, and the same on the main actor (as a `@MainActor` test) for context.
let roundTrip = await alternate(count: roundTrips, rounds: 31, [
  ("Harness TestStore round trip, off the main actor", {
    await Task.detached { await runRoundTrips(roundTrips) }.value
  }),
  ("floor: the reducer called directly", { reduceDirectly(roundTrips) }),
  ("Harness TestStore round trip, on the main actor", { await runRoundTrips(roundTrips) }),
])
HotPath(
  "TestStore send → .run effect → receive (peer: TCA, not buildable here)",
  harness: roundTrip[0], floor: roundTrip[1], atMostTimesFloor: 50
).print()
HotPath("the same on the main actor", harness: roundTrip[2], floor: roundTrip[1]).print()

// Eight "tests" at once, each a TestStore whose effect does CPU-bound work: each test's followed
// work runs on its own executor, so together they take about 1/cores of the time they take one
// after another.
struct Crunch: Reducer {
  struct State: Equatable, Sendable { var result = 0 }
  enum Action: Equatable, Sendable { case start, finished(Int) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { send in await send(.finished(crunch())) }
    case .finished(let result):
      state.result = result
      return .none
    }
  }
}

/// About 20 ms of arithmetic the optimizer cannot drop.
@inline(never)
func crunch() -> Int {
  var value = 0x9E37_79B9
  for _ in 0..<8_000_000 { value = value &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407 }
  return value & 0xFFFF
}

let crunchResult = crunch()

/// One "test": a store, a send, its effect's answer.
@Sendable func crunchTest() async {
  let store = TestStore(initialState: Crunch.State()) { Crunch() }
  await store.send(.start)
  await store.receive(.finished(crunchResult)) { $0.result = crunchResult }
}

let tests = 8
let serial = await measure("\(tests) TestStore tests with CPU-bound effects, one after another", runs: 3) {
  for _ in 0..<tests { await Task.detached { await crunchTest() }.value }
}
let parallel = await measure("\(tests) TestStore tests with CPU-bound effects, all at once", runs: 3) {
  await withTaskGroup(of: Void.self) { group in
    for _ in 0..<tests { group.addTask { await Task.detached { await crunchTest() }.value } }
  }
}
let cores = ProcessInfo.processInfo.activeProcessorCount
let scaling = parallel.fastestNanoseconds / max(serial.fastestNanoseconds, 1)
print(
  "All at once / one after another: \((scaling * 100).rounded() / 100) on the fastest runs, with \(cores) cores (ideal: \((100 / Double(cores)).rounded() / 100))"
)

// Routing: an action for a feature 5 scopes deep, beside one for a feature 1 scope deep. Each
// level is a `Scope` with a case constructor, as features are written.
struct Leaf: Reducer {
  struct State: Equatable, Sendable { var count = 0 }
  enum Action: Equatable, Sendable { case tap }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return .none
  }
}

// Concrete levels, as features are written (a generic one would rebuild its key paths on
// every action, which measures the generic key path, not the routing).
struct Level1: Reducer {
  struct State: Equatable, Sendable { var child = Leaf.State(); var other = 0 }
  enum Action: Equatable, Sendable { case child(Leaf.Action), other }
  var body: some Reducer<State, Action> {
    Scope(state: \.child, action: Action.child) { Leaf() }
    Reduce { state, action in
      if case .other = action { state.other += 1 }
      return .none
    }
  }
}

struct Level2: Reducer {
  struct State: Equatable, Sendable { var child = Level1.State(); var other = 0 }
  enum Action: Equatable, Sendable { case child(Level1.Action), other }
  var body: some Reducer<State, Action> {
    Scope(state: \.child, action: Action.child) { Level1() }
    Reduce { state, action in
      if case .other = action { state.other += 1 }
      return .none
    }
  }
}

struct Level3: Reducer {
  struct State: Equatable, Sendable { var child = Level2.State(); var other = 0 }
  enum Action: Equatable, Sendable { case child(Level2.Action), other }
  var body: some Reducer<State, Action> {
    Scope(state: \.child, action: Action.child) { Level2() }
    Reduce { state, action in
      if case .other = action { state.other += 1 }
      return .none
    }
  }
}

struct Level4: Reducer {
  struct State: Equatable, Sendable { var child = Level3.State(); var other = 0 }
  enum Action: Equatable, Sendable { case child(Level3.Action), other }
  var body: some Reducer<State, Action> {
    Scope(state: \.child, action: Action.child) { Level3() }
    Reduce { state, action in
      if case .other = action { state.other += 1 }
      return .none
    }
  }
}

struct Level5: Reducer {
  struct State: Equatable, Sendable { var child = Level4.State(); var other = 0 }
  enum Action: Equatable, Sendable { case child(Level4.Action), other }
  var body: some Reducer<State, Action> {
    Scope(state: \.child, action: Action.child) { Level4() }
    Reduce { state, action in
      if case .other = action { state.other += 1 }
      return .none
    }
  }
}

let routedActions = 20_000
let oneScope = await measure("Store: \(routedActions) actions routed through 1 scope", runs: 5) {
  let store = Store(initialState: Level1.State()) { Level1() }
  for _ in 0..<routedActions { store.send(.child(.tap)) }
  blackHole(store.state)
}
let fiveScopes = await measure("Store: \(routedActions) actions routed through 5 scopes", runs: 5) {
  let store = Store(initialState: Level5.State()) { Level5() }
  for _ in 0..<routedActions { store.send(.child(.child(.child(.child(.child(.tap)))))) }
  blackHole(store.state)
}
report(oneScope, note: "\(oneScope.medianNanoseconds / Double(routedActions) / 1_000) µs per action")
report(fiveScopes, note: "\(fiveScopes.medianNanoseconds / Double(routedActions) / 1_000) µs per action")
let routingRatio = fiveScopes.fastestNanoseconds / max(oneScope.fastestNanoseconds, 1)
print(
  "5 scopes / 1 scope: \((routingRatio * 100).rounded() / 100)× on the fastest runs (target: at most 3×) \(routingRatio <= 3 ? "met" : "NOT met")"
)

// A chain of 100,000 synchronous `.send`s, beside 100,000 `Store.send`s of an action with no
// effect: a queue, not the stack, carries the chain.
struct Countdown: Reducer {
  struct State: Equatable, Sendable { var steps = 0 }
  enum Action: Equatable, Sendable { case count(down: Int) }
  let stack: LockIsolated<(low: UInt, high: UInt)>
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    guard case let .count(down: n) = action else { return .none }
    state.steps += 1
    // Where this frame sits: the spread over the chain is its stack depth.
    var marker = 0
    let address = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    if n % 1_000 == 0 { stack.withValue { $0 = (min($0.low, address), max($0.high, address)) } }
    return n > 0 ? .send(.count(down: n - 1)) : .none
  }
}

let chainLength = 100_000
let stack = LockIsolated<(low: UInt, high: UInt)>((UInt.max, 0))
let chain = await measure("Store: a chain of \(chainLength) synchronous .send actions", runs: 5) {
  let store = Store(initialState: Countdown.State()) { Countdown(stack: stack) }
  store.send(.count(down: chainLength - 1))
  precondition(store.state.steps == chainLength)
}
let single = await measure("Store: \(chainLength) Store.send calls, no effect", runs: 5) {
  let store = Store(initialState: Leaf.State()) { Leaf() }
  for _ in 0..<chainLength { store.send(.tap) }
  blackHole(store.state)
}
report(chain, note: "\(chain.medianNanoseconds / Double(chainLength) / 1_000) µs per action")
report(single, note: "\(single.medianNanoseconds / Double(chainLength) / 1_000) µs per action")
let chainRatio = chain.fastestNanoseconds / max(single.fastestNanoseconds, 1)
print(
  "Chained .send / Store.send per action: \((chainRatio * 100).rounded() / 100)× on the fastest runs (target: at most 5×) \(chainRatio <= 5 ? "met" : "NOT met")"
)
let spread = stack.value.high &- stack.value.low
print("Stack spread over the chain: \(spread) bytes (constant depth: a few hundred at most)")
