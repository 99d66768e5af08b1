import Foundation
import Harness
import HarnessStore
import HarnessTesting
import Testing

/// A feature whose reducer reads the test store that runs it (its state and dependencies), on
/// its own thread, on another thread while it waits, and through a dependency's default value.
struct ReadsItsTestStore: Reducer {
  struct State: Equatable, Sendable { var log: [String] = [] }
  enum Action: Equatable, Sendable { case read, readFromAnotherThread, readDependency, readThenSend, log(String) }

  let store: TestStoreReference
  @Dependency(ReadsItsTestStoreKey.self) var readsItsTestStore

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .read:
      state.log.append("\(store.readDate()) \(store.assertedLog.count)")
      return .none
    case .readFromAnotherThread:
      let read = LockIsolated<String?>(nil)
      let done = DispatchSemaphore(value: 0)
      Thread { [store] in
        read.setValue("\(store.readDate()) \(store.assertedLog.count)")
        done.signal()
      }.start()
      // A bounded wait: if the other thread blocked on the store, the test says so.
      guard done.wait(timeout: .now() + 5) == .success else {
        state.log.append("the other thread blocked")
        return .none
      }
      state.log.append(read.value ?? "")
      return .none
    case .readDependency:
      state.log.append(readsItsTestStore)
      return .none
    case .readThenSend:
      state.log.append("\(store.readDate())")
      return .send(.log("sent"))
    case let .log(entry):
      state.log.append(entry)
      return .none
    }
  }
}

/// Lets a reducer reach the test store that runs it (set once the store exists).
final class TestStoreReference: Sendable {
  private let store = LockIsolated<TestStoreOf<ReadsItsTestStore>?>(nil)

  func set(_ store: TestStoreOf<ReadsItsTestStore>?) { self.store.setValue(store) }
  /// The store's `date` dependency, read through `dependencies` (the store's lock).
  func readDate() -> Int { Int(store.value!.dependencies.date.now.timeIntervalSince1970) }
  /// The log as of the store's last assertion.
  var assertedLog: [String] { store.value!.state.log }
}

/// A dependency whose default value reads a test store's dependencies: built inside a reducer,
/// it must not be built while the store is locked.
enum ReadsItsTestStoreKey: DependencyKey {
  static let read = LockIsolated<(@Sendable () -> Int)?>(nil)
  static var liveValue: String { build() }
  static var testValue: String { build() }

  private static func build() -> String { "built from \(read.value?() ?? -1)" }
}

@Suite struct TestStoreReentrancyTests {
  func makeStore() -> (TestStoreOf<ReadsItsTestStore>, TestStoreReference) {
    let reference = TestStoreReference()
    let store = TestStore(initialState: ReadsItsTestStore.State()) {
      ReadsItsTestStore(store: reference)
    } withDependencies: {
      $0.date = .constant(Date(timeIntervalSince1970: 42))
    }
    reference.set(store)
    return (store, reference)
  }

  @Test func aReducerReadsItsTestStoresStateAndDependencies() async {
    await Deadline.inTask {
      let (store, reference) = makeStore()
      defer { reference.set(nil) }
      await store.send(.read) { $0.log = ["42 0"] }
      // The test store's state is the state as of the last assertion.
      await store.send(.read) { $0.log = ["42 0", "42 1"] }
      await store.send(.readThenSend) { $0.log.append("42") }
      await store.receive(.log("sent")) { $0.log.append("sent") }
    }
  }

  @Test func aReducerWaitingForAnotherThreadThatReadsItsTestStore() async {
    await Deadline.inTask {
      let (store, reference) = makeStore()
      defer { reference.set(nil) }
      await store.send(.readFromAnotherThread) { $0.log = ["42 0"] }
    }
  }

  @Test func aDefaultValueFirstReadInATestStoresReducerIsBuiltOutsideItsLock() async {
    await Deadline.inTask {
      let (store, reference) = makeStore()
      defer { reference.set(nil) }
      ReadsItsTestStoreKey.read.setValue { reference.readDate() }
      defer { ReadsItsTestStoreKey.read.setValue(nil) }
      await store.send(.readDependency) { $0.log = ["built from 42"] }
    }
  }
}
