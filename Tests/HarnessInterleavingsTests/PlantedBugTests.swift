import HarnessInterleavings
import HarnessIssues
import HarnessStore
import HarnessTesting
import Testing

/// Each planted bug is found by the default exploration (100 iterations, the default seed), and
/// its fix passes 1,000 iterations.
@Suite struct PlantedBugTests {
  /// Explores `body` with the defaults and expects exactly one issue: the exploration's report.
  private func expectFound(
    _ body: @escaping @Sendable () async -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let reports = Locked<[String]>([])
    await withExpectedIssue {
      await withInterleavings(100, body)
    } matching: { issue in
      reports.withLock { $0.append(issue.message) }
      return issue.message.hasPrefix("Interleaving exploration: iteration")
    }
    let messages = reports.withLock { $0 }
    #expect(messages.count == 1, "one report per exploration", sourceLocation: sourceLocation)
    #expect(messages.first?.contains("Replay exactly this order of jobs") == true, sourceLocation: sourceLocation)
  }

  @Test func actorReentrancyCheckThenAct() async {
    await expectFound {
      let balance = await twoWithdrawals(fixed: false).balance
      #expect(balance >= 0)
    }
  }

  @Test func actorReentrancyFixed() async {
    await withInterleavings(1_000) {
      let (succeeded, balance) = await twoWithdrawals(fixed: true)
      #expect(balance == 20)
      #expect(succeeded == 1)
    }
  }

  @Test func lostUpdate() async {
    await expectFound {
      let value = await twoIncrements(lostUpdateIncrement)
      #expect(value == 2)
    }
  }

  @Test func lostUpdateFixed() async {
    await withInterleavings(1_000) {
      let value = await twoIncrements(atomicIncrement)
      #expect(value == 2)
    }
  }

  @Test func cancellationBetweenCheckAndSideEffect() async {
    await expectFound {
      let log = await cancelWhileSending(sendUnlessCancelled)
      #expect(log != ["cancel", "sent"], "sent after it was cancelled")
    }
  }

  @Test func cancellationFixed() async {
    await withInterleavings(1_000) {
      let log = await cancelWhileSending(sendUnlessCancelledFixed)
      #expect(log != ["cancel", "sent"], "sent after it was cancelled")
    }
  }

  @Test func streamConsumerAssumingProducerOrder() async {
    await expectFound {
      let received = await receiveFromTwoProducers(tagged: false)
      #expect(received == ["first", "second"])
    }
  }

  @Test func streamConsumerOrderingByTag() async {
    await withInterleavings(1_000) {
      let received = await receiveFromTwoProducers(tagged: true)
      #expect(received == ["first", "second"])
    }
  }

  @Test func storeEffectsAssumedToAnswerInRequestOrder() async {
    await expectFound {
      let store = Store(initialState: Search.State()) { Search(dropsStaleResponses: false) }
      store.send(.queryChanged("a"))
      store.send(.queryChanged("ab"))
      await store.finishEffects()
      #expect(store.state.results == ["ab result"])
    }
  }

  @Test func storeEffectsDroppingStaleResponses() async {
    await withInterleavings(1_000) {
      let store = Store(initialState: Search.State()) { Search(dropsStaleResponses: true) }
      store.send(.queryChanged("a"))
      store.send(.queryChanged("ab"))
      await store.finishEffects()
      #expect(store.state.results == ["ab result"])
    }
  }
}

/// Two producers started in order yield into one stream. Untagged, the consumer keeps arrival
/// order (which is not start order); tagged, it puts the values back in start order.
func receiveFromTwoProducers(tagged: Bool) async -> [String] {
  let (stream, continuation) = AsyncStream.makeStream(of: (Int, String).self)
  await withTaskGroup(of: Void.self) { group in
    group.addTask {
      await suspendingCheck()
      continuation.yield((0, "first"))
    }
    group.addTask {
      await suspendingCheck()
      continuation.yield((1, "second"))
    }
  }
  continuation.finish()
  var values: [(Int, String)] = []
  for await value in stream { values.append(value) }
  if tagged { values.sort { $0.0 < $1.0 } }
  return values.map(\.1)
}

/// Search as you type: each query starts a request; a response sets the results.
struct Search: Reducer {
  struct State: Equatable, Sendable {
    var query = ""
    var results: [String] = []
  }

  enum Action: Equatable, Sendable {
    case queryChanged(String)
    case response(query: String, results: [String])
  }

  /// The fix: a response to a query that is no longer current is dropped.
  let dropsStaleResponses: Bool

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .queryChanged(let query):
      state.query = query
      return .run { send in
        await suspendingCheck()
        await send(.response(query: query, results: ["\(query) result"]))
      }
    case .response(let query, let results):
      if dropsStaleResponses, query != state.query { return .none }
      state.results = results
      return .none
    }
  }
}
