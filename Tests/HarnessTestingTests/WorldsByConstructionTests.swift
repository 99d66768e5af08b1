import Dispatch
import Foundation
import HarnessClocks
import HarnessIssues
import HarnessStore
import HarnessTesting
import Testing

/// A test owns exactly the tasks it created, and its settles say what they cannot see: the
/// scenarios users meet, under a Harness trait.
@Suite(.dependencies) struct WorldsByConstructionTests {
  /// A listener of another test (or of no test) shares an event bus with this test: this test's
  /// feature wakes it, and this test's settle neither runs nor waits for its work. (The listener
  /// holds its thread until after the settle: a settle that waited for it would never return.)
  @Test func aListenerOfNoTestWokenByThisTestIsNotThisTestsWork() async {
    let (events, bus) = AsyncStream<Int>.makeStream()
    let afterSettle = DispatchSemaphore(value: 0)
    let heard = Locked<[Int]>([])
    // Created from a thread of no test: a task of no test, as another test's listener is.
    let listenerMade = DispatchSemaphore(value: 0)
    let listener = Locked<Task<Void, Never>?>(nil)
    Thread {
      listener.withLock { listener in
        listener = Task {
          for await event in events {
            afterSettle.wait()
            heard.withLock { $0.append(event) }
          }
        }
      }
      listenerMade.signal()
    }.start()
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        listenerMade.wait()
        continuation.resume()
      }
    }
    // The test's feature posts an event.
    let feature = Task { _ = bus.yield(1) }
    await feature.value
    await TestWork().settle()
    afterSettle.signal()
    bus.finish()
    await listener.withLock { $0 }?.value
    #expect(heard.withLock { $0 } == [1])
  }

  /// A feature task in a real `Task.sleep` (a retry helper, a third-party debounce): the settle
  /// returns at once, and warns, naming the task and where it was created.
  @Test func aRealSleepUnderASettleIsNamed() async {
    let retry = Task { try? await Task.sleep(for: .seconds(60)) }
    await withExpectedIssue {
      await TestWork().settle()
    } matching: { issue in
      issue.severity == .warning
        && issue.message.contains("The test's work settled with a task of the test waiting on something the test does not control")
        && (!creationSitesAreExact || issue.message.contains("aRealSleepUnderASettleIsNamed()"))
        && issue.message.contains("is in a real sleep on ContinuousClock")
        && issue.message.contains("Inject a clock")
    }
    retry.cancel()
    await retry.value
  }

  struct Pinger: Reducer {
    enum Action: Equatable, Sendable { case ping, pong }
    func reduce(into state: inout Int, action: Action) -> Effect<Action> {
      switch action {
      case .ping:
        return .run { send in
          try await Task.sleep(for: .milliseconds(10))
          await send(.pong)
        }
      case .pong:
        state += 1
        return .none
      }
    }
  }

  /// The same under a `TestStore`: the send that starts the effect warns that it waits on real
  /// time, and `receive` waits for its action (real time passes).
  @Test func aRealSleepUnderATestStoreIsNamed() async {
    let store = TestStore(initialState: 0) { Pinger() }
    await withExpectedIssue {
      await store.send(.ping)
      await store.receive(.pong, timeout: .seconds(60)) { $0 = 1 }
    } matching: { issue in
      issue.severity == .warning && issue.message.contains("is in a real sleep on ContinuousClock")
        && issue.message.contains("the effect created at HarnessTestingTests/WorldsByConstructionTests.swift:")
    }
  }
}
