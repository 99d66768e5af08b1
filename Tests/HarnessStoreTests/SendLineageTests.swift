import Harness
import HarnessStore
import HarnessTesting
import Testing

/// A feature whose first action leads, through effects and `.send`s, to effects that never end
/// by themselves: a send's task covers them all (TCA's cascading send tasks).
struct Cascade: Reducer {
  enum Action: Equatable, Sendable { case task, response, response1, response2, chained, startTimer, tick }

  let clock: TestClock<Duration>

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    switch action {
    case .task:
      return .run { send in await send(.response) }
    case .response:
      return .merge(.run { _ in try await forever() }, .run { send in await send(.response1) })
    case .response1:
      return .merge(.run { _ in try await forever() }, .run { send in await send(.response2) })
    case .response2:
      return .run { _ in try await forever() }
    case .chained:
      return .send(.startTimer)
    case .startTimer:
      return .run { [clock] send in
        for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
      }
    case .tick:
      state += 1
      return .none
    }
  }

  /// Until cancelled: the test never advances the clock this far.
  private func forever() async throws { try await clock.sleep(for: .seconds(1_000_000)) }
}

@Suite struct SendLineageTests {
  let clock = TestClock()

  @Test func cancellingASendsTaskCancelsTheEffectsOfEveryActionItLedTo() async {
    let issues = await collectIssues {
      let store = TestStore(initialState: 0) { Cascade(clock: clock) }
      let task = await store.send(.task)
      await store.receive(.response)
      await store.receive(.response1)
      await store.receive(.response2)
      await task.cancel()
      #expect(task.isCancelled)
    }
    // Without the cascade: three effects "still running at the end of the test".
    #expect(issues.map(\.message) == [])
  }

  @Test func cancellingASendsTaskCancelsTheEffectOfAnActionItsSendReturned() async {
    let issues = await collectIssues {
      let store = TestStore(initialState: 0) { Cascade(clock: clock) }
      let task = await store.send(.chained)
      await store.receive(.startTimer)
      await clock.advance(by: .seconds(1))
      await store.receive(.tick) { $0 = 1 }
      await task.cancel()
      await clock.advance(by: .seconds(5))
    }
    #expect(issues.map(\.message) == [])
  }

  @Test func finishWaitsForTheEffectsOfTheActionsItsSendLedTo() async {
    enum Action: Equatable, Sendable { case start, work, done }
    let log = Locked<[String]>([])
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { _, action in
        switch action {
        case .start:
          return .run { send in await send(.work) }
        case .work:
          // Real time, which `finish` waits for (a TestClock's sleep would need an advance).
          return .run { send in
            try? await Task.sleep(for: .milliseconds(50))
            log.withLock { $0.append("work") }
            await send(.done)
          }
        case .done:
          return .none
        }
      }
    }
    let task = await store.send(.start)
    await store.receive(.work)
    await task.finish(timeout: .seconds(30))
    log.withLock { $0.append("finished") }
    await store.receive(.done)
    // Without the cascade, `finish` returned at once: `.start`'s own effect had ended.
    #expect(log.withLock { $0 } == ["work", "finished"])
  }

  @Test func finishReportsAnEffectOfALaterActionThatNeverEnds() async {
    let store = TestStore(initialState: 0) { Cascade(clock: clock) }
    let task = await store.send(.chained)
    await store.receive(.startTimer)
    await withExpectedIssue {
      await task.finish(timeout: .milliseconds(50))
    } matching: { issue in
      issue.message.contains("Expected the effects of this send to finish, but they are still running")
    }
    await task.cancel()
  }

  @Test func aLiveStoresSendTaskCancelsTheEffectsOfTheActionsItLedTo() async {
    let store = Store(initialState: 0) { Cascade(clock: clock) }
    let task = store.send(.chained)
    await clock.advance(by: .seconds(2))
    #expect(store.state == 2)
    task.cancel()
    await task.finish()
    await clock.advance(by: .seconds(5))
    #expect(store.state == 2)
  }

  @Test func aLiveStoresFinishWaitsForTheEffectsOfTheActionsItLedTo() async {
    enum Action: Sendable { case start, work, done }
    let log = Locked<[String]>([])
    let store = Store(initialState: 0) {
      Reduce<Int, Action> { _, action in
        switch action {
        case .start:
          return .run { send in await send(.work) }
        case .work:
          return .run { [clock] send in
            try? await clock.sleep(for: .seconds(1))
            log.withLock { $0.append("work") }
            await send(.done)
          }
        case .done:
          return .none
        }
      }
    }
    let task = store.send(.start)
    let finisher = Task {
      await task.finish()
      log.withLock { $0.append("finished") }
    }
    await clock.advance(by: .seconds(1))
    await finisher.value
    #expect(log.withLock { $0 } == ["work", "finished"])
  }

  @Test func otherSendsKeepTheirEffectsWhenOneSendsTaskIsCancelled() async {
    let store = TestStore(initialState: 0) { Cascade(clock: clock) }
    let first = await store.send(.chained)
    await store.receive(.startTimer)
    let second = await store.send(.chained)
    await store.receive(.startTimer)
    await first.cancel()
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0 = 1 }
    await second.cancel()
  }

  @Test func taskCancelByIDFromTheTestReachesAnEffectsActions() async {
    let result = Locked<[Int]>([])
    let effect = Effect<Int>.run { [clock] send in
      try await clock.sleep(for: .seconds(2))
      await send(1)
    }
    .cancellable(id: "sleep")
    let task = Task { for await value in effect.actions { result.withLock { $0.append(value) } } }
    await clock.advance(by: .seconds(1))
    await Task.cancel(id: "sleep")
    await clock.run()
    await task.value
    #expect(result.withLock { $0 } == [])
  }
}
