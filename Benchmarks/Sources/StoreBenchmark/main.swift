// 10,000 send → effect → receive round trips through a TestStore, beside the same reducer
// called directly: what exhaustive testing costs per action.
//   swift run -c release --package-path Benchmarks StoreBenchmark
import BenchmarkSupport
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

let testStore = await measure("TestStore: \(roundTrips) send→effect→receive round trips", runs: 5) {
  let store = TestStore(initialState: PingPong.State()) { PingPong() }
  for index in 1...roundTrips {
    await store.send(.ping)
    await store.receive(.pong) { $0.pongs = index }
  }
  await store.finish()
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
print("TestStore / direct reducer: \(Int((testStore.medianNanoseconds / max(direct.medianNanoseconds, 1)).rounded()))×")
