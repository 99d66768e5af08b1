// 10,000 send → effect → receive round trips through a TestStore, beside the same reducer
// called directly: what exhaustive testing costs per action.
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

let roundTrips = 10_000

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

let testStore = await measure("TestStore: \(roundTrips) send→effect→receive round trips", runs: 5) {
  await Task.detached { await runRoundTrips(roundTrips) }.value
}
let testStoreOnMainActor = await measure("TestStore on the main actor: \(roundTrips) round trips", runs: 5) {
  await runRoundTrips(roundTrips)
}

let direct = await measure("Reducer called directly: \(roundTrips) ping+pong", runs: 5) {
  let reducer = PingPong()
  var state = PingPong.State()
  for _ in 1...roundTrips {
    blackHole(reducer.reduce(into: &state, action: .ping))
    blackHole(reducer.reduce(into: &state, action: .pong))
  }
  blackHole(state)
}

report(testStore, note: "\(testStore.medianNanoseconds / Double(roundTrips) / 1_000) µs per round trip")
report(direct)
report(testStoreOnMainActor, note: "\(testStoreOnMainActor.medianNanoseconds / Double(roundTrips) / 1_000) µs per round trip")
let overhead = testStore.fastestNanoseconds / max(direct.fastestNanoseconds, 1)
print(
  "TestStore / direct reducer: \(Int((testStore.medianNanoseconds / max(direct.medianNanoseconds, 1)).rounded()))× on the medians, \(Int(overhead.rounded()))× on the fastest runs (target: at most 100×) \(overhead <= 100 ? "met" : "NOT met")"
)

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
