import Dispatch
import HarnessClocks
import HarnessInterleavings
import HarnessIssues
import HarnessStore
import HarnessTesting
import Observation
import Synchronization
import Testing

// The article's main-actor examples, and the main actor's own guarantees under exploration.

/// A search screen's model: each query starts a load; the last one typed should win.
@Observable @MainActor final class SearchModel {
  var query = ""
  var results: [String] = []
  @ObservationIgnored private(set) var loads: [Task<Void, Never>] = []
  @ObservationIgnored let cancelsStaleLoads: Bool

  init(cancelsStaleLoads: Bool) { self.cancelsStaleLoads = cancelsStaleLoads }

  func queryChanged(_ query: String) {
    self.query = query
    if cancelsStaleLoads { loads.last?.cancel() }
    loads.append(
      Task {
        let found = await searchService(query)
        // The fix: a load the user typed past drops its answer.
        if cancelsStaleLoads, Task.isCancelled { return }
        results = found
      })
  }
}

/// The search service: its answers take their time (off the main actor).
nonisolated func searchService(_ query: String) async -> [String] {
  await Task.yield()
  return ["\(query) result"]
}

@MainActor func typeTwoQueries(_ model: SearchModel) async -> [String] {
  model.queryChanged("a")
  model.queryChanged("ab")
  for load in model.loads { await load.value }
  return model.results
}

/// A meeting recorder that ticks on a clock while it is shown (the Standups example's shape).
@MainActor final class RecordMeetingModel {
  private(set) var secondsElapsed = 0
  private(set) var ticksAfterDismissal = 0
  private var isShown = true
  private var timer: Task<Void, Never>?
  let clock: any Clock<Duration>
  let stopsOnDismiss: Bool

  init(clock: any Clock<Duration>, stopsOnDismiss: Bool) {
    self.clock = clock
    self.stopsOnDismiss = stopsOnDismiss
  }

  func onAppear() {
    timer = Task {
      for await _ in clock.timer(interval: .seconds(1)) {
        if !isShown { ticksAfterDismissal += 1 }
        secondsElapsed += 1
      }
    }
  }

  func dismiss() {
    isShown = false
    if stopsOnDismiss { timer?.cancel() }
  }

  func stop() async {
    timer?.cancel()
    await timer?.value
  }
}

@MainActor func recordThenDismiss(stopsOnDismiss: Bool) async -> Int {
  let clock = TestClock()
  let model = RecordMeetingModel(clock: clock, stopsOnDismiss: stopsOnDismiss)
  model.onAppear()
  let dismissal = Task { @MainActor in
    await Task.yield()
    model.dismiss()
  }
  await clock.advance(by: .seconds(3))
  await dismissal.value
  await clock.advance(by: .seconds(2))
  let late = model.ticksAfterDismissal
  await model.stop()
  return late
}

/// A counter feature whose effect answers after a fetch.
struct CounterFeature: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    var fact: String?
  }
  enum Action: Equatable, Sendable {
    case increment
    case factButtonTapped
    case factResponse(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .factButtonTapped:
      return .run { [count = state.count] send in
        await Task.yield()
        await send(.factResponse("\(count) is a good number"))
      }
    case .factResponse(let fact):
      state.fact = fact
      return .none
    }
  }
}

@Suite struct MainActorExplorationTests {
  /// The article's example: explored, the two loads land out of order and the stale answer
  /// wins; cancelling the stale load fixes it.
  @Test func aSearchModelsLoadsLandOutOfOrder() async throws {
    let messages = Locked<[String]>([])
    await withExpectedIssue {
      await withInterleavings(100, shrinking: replaysOnly) { @MainActor in
        #expect(await typeTwoQueries(SearchModel(cancelsStaleLoads: false)) == ["ab result"])
      }
    } matching: { issue in
      messages.withLock { $0.append(issue.message) }
      return issue.message.hasPrefix("Interleaving exploration: iteration")
    }
    let message = try #require(messages.withLock { $0.first { $0.hasPrefix("Interleaving exploration") } })
    #expect(message.contains("typeTwoQueries"))
    #expect(shrunkSize(in: message)?.preemptions == 0, "as the article says: \(message)")
    await withInterleavings(1_000) { @MainActor in
      #expect(await typeTwoQueries(SearchModel(cancelsStaleLoads: true)) == ["ab result"])
    }
  }

  /// A recorder's clock-driven timer outlives its dismissal unless it is cancelled then.
  @Test func aTimerTaskOutlivesDismissal() async {
    await withExpectedIssue {
      await withInterleavings(100) { @MainActor in
        #expect(await recordThenDismiss(stopsOnDismiss: false) == 0)
      }
    } matching: { $0.message.hasPrefix("Interleaving exploration: iteration") }
    await withInterleavings(1_000) { @MainActor in
      #expect(await recordThenDismiss(stopsOnDismiss: true) == 0)
    }
  }

  /// A TestStore feature, tested from a `@MainActor` body: every order of its effect's jobs and
  /// the test's asserts the same.
  @Test(.interleavings(100)) @MainActor func aTestStoreFromAMainActorTest() async {
    let store = TestStore(initialState: CounterFeature.State()) { CounterFeature() }
    await store.send(.increment) { $0.count = 1 }
    await store.send(.factButtonTapped)
    await store.receive(.factResponse("1 is a good number")) { $0.fact = "1 is a good number" }
  }

  /// A `@MainActor` body explored: its main-actor jobs are choices like any other job.
  @Test func aMainActorBodyIsExplored() async throws {
    let report = try #require(
      await withInterleavings(50) { @MainActor in
        async let a: Void = afterOthers(2)
        async let b: Void = afterOthers(2)
        _ = await (a, b)
      })
    #expect(report.distinctSchedules > 1)
  }
}

/// How many main-actor sections run at once across every test of the process (never more
/// than one), and the most seen.
private let insideMainActor = Atomic<Int>(0)
private let mostInsideMainActor = Atomic<Int>(0)

/// Twenty parallel explored tests, each entering the main actor again and again: their main-actor
/// jobs run one at a time, on the main queue, never beside another test's.
@Suite struct MainActorExclusivityTests {
  @MainActor static func enterAndLeave() {
    MainActor.assertIsolated()
    dispatchPrecondition(condition: .onQueue(.main))
    let inside = insideMainActor.add(1, ordering: .sequentiallyConsistent).newValue
    _ = mostInsideMainActor.max(inside, ordering: .sequentiallyConsistent)
    insideMainActor.subtract(1, ordering: .sequentiallyConsistent)
  }

  @Test(.interleavings(20), arguments: 0..<20) @MainActor func mainActorJobsNeverOverlap(_ index: Int) async {
    let others = (1...2).map { _ in
      Task { @MainActor in
        for _ in 1...5 {
          Self.enterAndLeave()
          await Task.yield()
        }
      }
    }
    for _ in 1...5 {
      Self.enterAndLeave()
      await Task.yield()
    }
    for other in others { await other.value }
    #expect(mostInsideMainActor.load(ordering: .sequentiallyConsistent) == 1)
  }
}
