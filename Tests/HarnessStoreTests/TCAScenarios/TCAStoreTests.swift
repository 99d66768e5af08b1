import Foundation
import Harness
import HarnessStore
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// Scenarios of TCA's Tests/ComposableArchitectureTests/StoreTests.swift (and its
// ModernStoreTests suite), written for Harness's Store / TestStore. ViewStore publishers become
// `Store.states`; DispatchQueue.test becomes TestClock; PassthroughSubject becomes `TCASubject`.

@Suite struct TCAStoreTests {
  // TCA: store.effectCancellables.count stays 0 for an effect that completes at once. Harness has
  // no public count; the nearest observable is the send's task: it started no running effect.
  @Test func testCancellableIsRemovedOnImmediatelyCompletingEffect() async {
    let store = Store<Int, Void>(initialState: 0) { EmptyReducer() }
    let task = store.send(())
    #expect(task.isEmpty)
    await store.finishEffects()
  }

  // TCA: one cancellable while a delayed effect runs, none once it completed.
  @Test func testCancellableIsRemovedWhenEffectCompletes() async {
    enum Action: Sendable { case start, end }
    let clock = TestClock()
    let ended = LockIsolated(false)
    let store = Store(initialState: 0) {
      Reduce<Int, Action> { _, action in
        switch action {
        case .start:
          return .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.end)
          }
        case .end:
          ended.setValue(true)
          return .none
        }
      }
    }
    let task = store.send(.start)
    #expect(!task.isEmpty)
    await clock.advance(by: .seconds(2))
    #expect(ended.value)
    // Nothing left running: both waits return.
    await task.finish()
    await store.finishEffects()
  }

  @Test func testScopedStoreReceivesUpdatesFromParent() async {
    let parent = Store(initialState: 0) {
      Reduce<Int, Void> { state, _ in
        state += 1
        return .none
      }
    }
    let child = parent.scope(state: \.description, action: { $0 })
    var values = child.states.makeAsyncIterator()
    #expect(await values.next() == "0")
    parent.send(())
    #expect(await values.next() == "1")
    #expect(child.state == "1")
  }

  @Test func testParentStoreReceivesUpdatesFromChild() async {
    let parent = Store(initialState: 0) {
      Reduce<Int, Void> { state, _ in
        state += 1
        return .none
      }
    }
    let child = parent.scope(state: \.description, action: { $0 })
    var values = parent.states.makeAsyncIterator()
    #expect(await values.next() == 0)
    child.send(())
    #expect(await values.next() == 1)
  }

  // TCA: the effects of .tap, .next1, .next2, .end start in that order: [1, 2, 3, 4]. TCA's test
  // runs under withMainSerialExecutor; here the trait's world runs the test's tasks one at a time,
  // in the order they started. Without a world a live store's effects run in parallel on the
  // global executor, where two of them may append in either order (seen once in CI: [2, 1, 3, 4]).
  @Test(.dependencies) func testSynchronousEffectsSentAfterSinking() async {
    enum Action: Sendable { case tap, next1, next2, end }
    let values = LockIsolated<[Int]>([])
    let store = Store(initialState: 0) {
      Reduce<Int, Action> { _, action in
        switch action {
        case .tap:
          return .merge(
            .send(.next1),
            .send(.next2),
            .run { _ in values.withValue { $0.append(1) } }
          )
        case .next1:
          return .merge(
            .send(.end),
            .run { _ in values.withValue { $0.append(2) } }
          )
        case .next2:
          return .run { _ in values.withValue { $0.append(3) } }
        case .end:
          return .run { _ in values.withValue { $0.append(4) } }
        }
      }
    }
    await store.send(.tap).finish()
    #expect(values.value.sorted() == [1, 2, 3, 4])
    // The order the effects' operations ran in (TCA's is the order they started).
    #expect(values.value == [1, 2, 3, 4])
  }

  // The same scenario under a TestStore (effect tasks on the test's followed work).
  @Test func testSynchronousEffectsSentAfterSinking_TestStore() async {
    enum Action: Equatable, Sendable { case tap, next1, next2, end }
    let values = LockIsolated<[Int]>([])
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { _, action in
        switch action {
        case .tap:
          return .merge(.send(.next1), .send(.next2), .run { _ in values.withValue { $0.append(1) } })
        case .next1:
          return .merge(.send(.end), .run { _ in values.withValue { $0.append(2) } })
        case .next2:
          return .run { _ in values.withValue { $0.append(3) } }
        case .end:
          return .run { _ in values.withValue { $0.append(4) } }
        }
      }
    }
    store.exhaustivity = .off
    await store.send(.tap).finish()
    #expect(values.value == [1, 2, 3, 4])
  }

  @Test func testLotsOfSynchronousActions() async {
    enum Action: Sendable { case incr, noop }
    let store = Store(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .incr:
          state += 1
          return .send(state >= 100_000 ? .noop : .incr)
        case .noop:
          return .none
        }
      }
    }
    store.send(.incr)
    #expect(store.state == 100_000)
  }

  @Test func testActionQueuing() async {
    enum Action: Equatable, Sendable { case incrementTapped, `init`, doIncrement }
    let subject = TCASubject<Void>()
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .incrementTapped:
          subject.send(())
          return .none
        case .`init`:
          return .run { send in
            for await _ in subject.values() { await send(.doIncrement) }
          }
        case .doIncrement:
          state += 1
          return .none
        }
      }
    }
    await store.send(.`init`)
    await store.send(.incrementTapped)
    await store.receive(.doIncrement) { $0 = 1 }
    await store.send(.incrementTapped)
    await store.receive(.doIncrement) { $0 = 2 }
    subject.finish()
    // TCA's publisher completes synchronously; the .run that stands in for it ends in its task,
    // which must run before the store's end-of-test check (see REPORT.md).
    await store.finish()
  }

  // TCA: a ViewStore sink sees [0, 3]: the three `.send`s of one action publish once.
  @Test func testCoalesceSynchronousActions() async {
    let store = Store(initialState: 0) {
      Reduce<Int, Int> { state, action in
        switch action {
        case 0: return .merge(.send(1), .send(2), .send(3))
        default:
          state = action
          return .none
        }
      }
    }
    var states = store.states.makeAsyncIterator()
    var emissions: [Int] = []
    emissions.append(await states.next()!)
    store.send(0)
    emissions.append(await states.next()!)
    #expect(emissions == [0, 3])
  }

  @Test func testCascadingTaskCancellation() async {
    enum Action: Equatable, Sendable { case task, response, response1, response2 }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { _, action in
        switch action {
        case .task:
          return .run { send in await send(.response) }
        case .response:
          return .merge(
            .run { _ in try await neverEnding() },
            .run { send in await send(.response1) }
          )
        case .response1:
          return .merge(
            .run { _ in try await neverEnding() },
            .run { send in await send(.response2) }
          )
        case .response2:
          return .run { _ in try await neverEnding() }
        }
      }
    }
    let task = await store.send(.task)
    await store.receive(.response)
    await store.receive(.response1)
    await store.receive(.response2)
    await task.cancel()
  }

  @Test func testTaskCancellationEmpty() async {
    enum Action: Equatable, Sendable { case task }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { _, _ in .run { _ in try await neverEnding() } }
    }
    await store.send(.task).cancel()
  }

  @Test func testScopeCancellation() async throws {
    let endless = Task<Void, any Error> { try await neverEnding() }
    let store = Store(initialState: 0) {
      Reduce<Int, Void> { _, _ in
        .run { _ in try await endless.value }
      }
    }
    let scoped = store.scope(state: \.self, action: { $0 })
    let sendTask = scoped.send(())
    await Task.yield()
    endless.cancel()
    await sendTask.finish()
    await store.finishEffects()
  }

  @Test func testOverrideDependenciesDirectlyOnReducer() {
    let store = Store(initialState: 0) {
      ReadsFourDependencies()
        .dependency(\.calendar, Calendar(identifier: .gregorian))
        .dependency(\.locale, Locale(identifier: "en_US"))
        .dependency(\.timeZone, TimeZone(secondsFromGMT: 0)!)
        .dependency(\.urlSession, URLSession(configuration: .ephemeral))
    }
    store.send(true)
    #expect(store.state == 1)
  }

  @Test func testOverrideDependenciesDirectlyOnStore() {
    @Dependency(\.uuid) var uuid
    let deadbeef = UUID(uuidString: "deadbeef-dead-beef-dead-beefdeadbeef")!
    let store = Store(initialState: uuid()) {
      Reduce<UUID, Void> { state, _ in
        @Dependency(\.uuid) var uuid
        state = uuid()
        return .none
      }
    } withDependencies: {
      $0.uuid = .constant(deadbeef)
    }
    #expect(store.state == deadbeef)
  }

  @Test func testStoreVsTestStore() async {
    let testStore = TestStore(initialState: CountingFeature.State()) { CountingFeature() }
    await testStore.send(.tap)
    await testStore.receive(.response1(1)) { $0.count = 1 }
    await testStore.receive(.response2(1))
    await testStore.receive(.response3(1))

    let store = Store(initialState: CountingFeature.State()) { CountingFeature() }
    await store.send(.tap).finish()
    #expect(store.state.count == testStore.state.count)
  }

  // TCA's _Publisher variant runs the same feature (now written with .run too).
  @Test func testStoreVsTestStore_Publisher() async {
    let testStore = TestStore(initialState: CountingFeature.State()) { CountingFeature() }
    await testStore.send(.tap)
    await testStore.receive(.response1(1)) { $0.count = 1 }
    await testStore.receive(.response2(1))
    await testStore.receive(.response3(1))

    let store = Store(initialState: CountingFeature.State()) { CountingFeature() }
    await store.send(.tap).finish()
    #expect(store.state.count == testStore.state.count)
  }

  // TCA marks the last assertion XCTTODO: cancelling the child's send task cancels the parent's
  // effect too (count stays 0). Kept as a known issue, as TCA keeps it.
  @Test func testChildParentEffectCancellation() async throws {
    let clock = TestClock()
    let store = Store(initialState: ChildParent.State(child: .init())) {
      ChildParent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let childTask = store.send(.child(.task))
    #expect(await eventually { store.state.child == nil })
    childTask.cancel()
    await clock.advance(by: .seconds(1))
    try await Task.sleep(nanoseconds: 100_000_000)
    withKnownIssue("TCA: cancelling a child task cancels the parent's effects too") {
      #expect(store.state.count == 1)
    }
  }

  @Test func testInit_InitialState_WithDependencies() {
    struct State: Equatable, Sendable {
      var date: Date
      init() {
        @Dependency(\.date) var date
        self.date = date()
      }
    }
    let store = Store(initialState: State()) {
      EmptyReducer<State, Never>()
    } withDependencies: {
      $0.date = .constant(Date(timeIntervalSinceReferenceDate: 1_234_567_890))
    }
    #expect(store.state.date == Date(timeIntervalSinceReferenceDate: 1_234_567_890))
  }

  @Test func testInit_ReducerBuilder_WithDependencies() {
    struct Feature: Reducer {
      let date: Date
      struct State: Equatable, Sendable { var date: Date? }
      enum Action: Equatable, Sendable { case tap }
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        state.date = date
        return .none
      }
    }
    @Dependency(\.date) var date
    let store = Store(initialState: Feature.State()) {
      Feature(date: date())
    } withDependencies: {
      $0.date = .constant(Date(timeIntervalSinceReferenceDate: 1_234_567_890))
    }
    store.send(.tap)
    #expect(store.state.date == Date(timeIntervalSinceReferenceDate: 1_234_567_890))
  }

  // TCA: the subject's value, sent synchronously from the reducer of .tap, is handled after
  // .tap finished (isOn is false again): count 0, subjectCount 1.
  @Test func testReEntrantAction() async {
    struct State: Equatable, Sendable {
      var count = 0
      var isOn = false
      var subjectCount = 0
    }
    enum Action: Equatable, Sendable { case onAppear, subjectEmitted, tap }
    let subject = TCASubject<Void>()
    let store = Store(initialState: State()) {
      Reduce<State, Action> { state, action in
        switch action {
        case .onAppear:
          return .run { send in
            for await _ in subject.values() { await send(.subjectEmitted) }
          }
        case .subjectEmitted:
          if state.isOn { state.count += 1 }
          state.subjectCount += 1
          return .none
        case .tap:
          state.isOn = true
          subject.send(())
          state.isOn = false
          return .none
        }
      }
    }
    store.send(.onAppear)
    // TCA's publisher subscribes synchronously; the .run here subscribes in its task.
    #expect(await eventually { subject.subscriberCount == 1 })
    store.send(.tap)
    #expect(await eventually { store.state.subjectCount == 1 })
    #expect(store.state == State(count: 0, isOn: false, subjectCount: 1))
    subject.finish()
  }

  @Test func testSurroundingDependencies() {
    let store = withDependencies {
      $0.uuid = .incrementing
    } operation: {
      Store<UUID, Void>(initialState: UUID()) {
        Reduce { state, _ in
          @Dependency(\.uuid) var uuid
          state = uuid()
          return .none
        }
      }
    }
    store.send(())
    #expect(store.state == UUID(0))
    store.send(())
    #expect(store.state == UUID(1))
  }

  // TCA: `store.publisher.values.first { _ in true }` returns.
  @Test func testPublisherAsyncSequence() async {
    let store = Store<Int, Void>(initialState: 0) { EmptyReducer() }
    _ = await store.states.first { _ in true }
  }

  @Test func testRootStoreCancellationIsolation() async throws {
    let clock = TestClock()
    let store1 = Store(initialState: RootStoreCancellationIsolation.State()) {
      RootStoreCancellationIsolation()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let store2 = Store(initialState: RootStoreCancellationIsolation.State()) {
      RootStoreCancellationIsolation()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let task1 = store1.send(.tap)
    let task2 = store2.send(.tap)
    try await Task.sleep(for: .seconds(1))
    store2.send(.cancelButtonTapped)
    await clock.advance()
    await task1.finish()
    await task2.finish()
    #expect(store1.state.count == 42)
    #expect(store2.state.count == 0)
  }

  @Test func testRootStoreCancellationIsolation_TestStore() async throws {
    let clock = TestClock()
    let store1 = TestStore(initialState: RootStoreCancellationIsolation.State()) {
      RootStoreCancellationIsolation()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let store2 = TestStore(initialState: RootStoreCancellationIsolation.State()) {
      RootStoreCancellationIsolation()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store1.send(.tap)
    await store2.send(.tap)
    await store2.send(.cancelButtonTapped)
    await clock.advance()
    await store1.receive(RootStoreCancellationIsolation.Action.response) { $0.count = 42 }
  }

  // ModernStoreTests.cancellation: TCA keeps `count == 1729` as a known issue (cancelling the
  // root send's task cancels the effects of the actions it led to).
  @Test func cancellation() async throws {
    let clock = TestClock()
    let store = Store(initialState: TaskTree.State()) { TaskTree(clock: clock) }
    let task = store.send(.tap)
    #expect(await eventually { store.state.count == 42 })
    task.cancel()
    await clock.run()
    withKnownIssue("TCA: cancelling the root effect should not cancel the child effects") {
      #expect(store.state.count == 1729)
    }
  }

  // ModernStoreTests.ParentChildLifecycle.parentChildLifecycle: a store with a presented child,
  // scoped to it, is released once nothing holds it.
  @Test func parentChildLifecycle() async throws {
    weak var parentStore: Store<Lifecycle.State, Lifecycle.Action>?
    do {
      let store = Store(initialState: Lifecycle.State()) { Lifecycle() }
      parentStore = store
      store.send(.presentButtonTapped)
      let child = store.scope(state: \.child, action: Lifecycle.Action.child)
      #expect(child.state != nil)
    }
    #expect(parentStore == nil)
  }
}

// MARK: - Features

private struct ReadsFourDependencies: Reducer {
  @Dependency(\.calendar) var calendar
  @Dependency(\.locale) var locale
  @Dependency(\.timeZone) var timeZone
  @Dependency(\.urlSession) var urlSession
  func reduce(into state: inout Int, action: Bool) -> Effect<Bool> {
    _ = calendar
    _ = locale
    _ = timeZone
    _ = urlSession
    state += action ? 1 : -1
    return .none
  }
}

private struct Count: TestDependencyKey {
  var value: Int
  static let liveValue = Count(value: 0)
  static let testValue = Count(value: 0)
}

extension DependencyValues {
  fileprivate var count: Count {
    get { self[Count.self] }
    set { self[Count.self] = newValue }
  }
}

/// Each step changes the `count` dependency for the effect it returns; the effect reads it.
private struct CountingFeature: Reducer {
  struct State: Equatable, Sendable { var count = 0 }
  enum Action: Equatable, Sendable {
    case tap
    case response1(Int)
    case response2(Int)
    case response3(Int)
  }
  @Dependency(\.count) var count

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .tap:
      return withDependencies { $0.count.value += 1 } operation: {
        .run { send in await send(.response1(self.count.value)) }
      }
    case let .response1(count):
      state.count = count
      return withDependencies { $0.count.value += 1 } operation: {
        .run { send in await send(.response2(self.count.value)) }
      }
    case let .response2(count):
      state.count = count
      return withDependencies { $0.count.value += 1 } operation: {
        .run { send in await send(.response3(self.count.value)) }
      }
    case let .response3(count):
      state.count = count
      return .none
    }
  }
}

private struct ChildOfParent: Reducer {
  struct State: Equatable, Sendable {}
  enum Action: Equatable, Sendable { case task, didFinish }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .task: return .run { send in await send(.didFinish) }
    case .didFinish: return .none
    }
  }
}

private struct ChildParent: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    var child: ChildOfParent.State?
  }
  enum Action: Equatable, Sendable {
    case child(ChildOfParent.Action)
    case delay
  }
  @Dependency(\.continuousClock) var clock

  var body: some Reducer<State, Action> {
    Reduce<State, Action> { state, action in
      switch action {
      case .child(.didFinish):
        state.child = nil
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.delay)
        }
      case .child:
        return .none
      case .delay:
        state.count += 1
        return .none
      }
    }
    .ifLet(\.child, action: Action.child) { ChildOfParent() }
  }
}

private struct RootStoreCancellationIsolation: Reducer {
  struct State: Equatable, Sendable { var count = 0 }
  enum Action: Equatable, Sendable {
    case cancelButtonTapped
    case response(Int)
    case tap
  }
  enum CancelID { case effect }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .cancelButtonTapped:
      return .cancel(id: CancelID.effect)
    case let .response(value):
      state.count = value
      return .none
    case .tap:
      return .run { send in
        try await clock.sleep(for: .seconds(0))
        await send(.response(42))
      }
      .cancellable(id: CancelID.effect)
    }
  }
}

private struct TaskTree: Reducer {
  let clock: TestClock<Duration>
  struct State: Equatable, Sendable { var count = 0 }
  enum Action: Equatable, Sendable { case tap, response1, response2 }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .tap:
      return .run { send in await send(.response1) }
    case .response1:
      state.count = 42
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.response2)
      }
    case .response2:
      state.count = 1729
      return .none
    }
  }
}

private struct LifecycleChild: Reducer {
  struct State: Equatable, Sendable { var count = 0 }
  enum Action: Equatable, Sendable { case incrementButtonTapped }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return .none
  }
}

private struct Lifecycle: Reducer {
  struct State: Equatable, Sendable { var child: LifecycleChild.State? }
  enum Action: Equatable, Sendable {
    case child(LifecycleChild.Action)
    case presentButtonTapped
  }
  var body: some Reducer<State, Action> {
    Reduce<State, Action> { state, action in
      switch action {
      case .child: return .none
      case .presentButtonTapped:
        state.child = LifecycleChild.State()
        return .none
      }
    }
    .ifLet(\.child, action: Action.child) { LifecycleChild() }
  }
}
