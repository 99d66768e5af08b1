// An app linking the Harness umbrella and HarnessStore, as a production app does: a live store
// running effects must not install the engine (its default executor), write the runtime's hook,
// start an engine thread or call the engine; only a test-support type (a TestClock here) installs
// the engine, and it leaves the hook alone too. Run by LiveBehaviourTests.
import Foundation
import Harness
import HarnessStore

#if canImport(Glibc)
  import Glibc
#endif

struct Counter: Reducer {
  struct State: Sendable { var count = 0 }
  enum Action: Sendable { case start, increment }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { send in
        try? await Task.sleep(for: .milliseconds(1))
        await send(.increment)
      }
    case .increment:
      state.count += 1
      return .none
    }
  }
}

/// Whether the Swift runtime's global enqueue hook is set.
func hookIsSet() -> Bool {
  typealias Hook = @convention(thin) (UnownedJob, @convention(thin) (UnownedJob) -> Void) -> Void
  guard let slot = dlsym(dlopen(nil, RTLD_NOW), "swift_task_enqueueGlobal_hook") else { return false }
  return slot.assumingMemoryBound(to: Hook?.self).pointee != nil
}

/// The engine's threads ("harness-world", "harness-watch"; the main thread bears the program's
/// name).
func harnessThreads() -> Int {
  let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
  return tasks.filter { task in
    let name = (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)) ?? ""
    return name.hasPrefix("harness-")
  }.count
}

/// The process's default executor, by its type's name.
func defaultExecutor() -> String { "\(type(of: globalConcurrentExecutor))" }

let store = Store(initialState: Counter.State()) { Counter() }
for _ in 1...100 { store.send(.start) }
let deadline = Date().addingTimeInterval(10)
while store.state.count < 100, Date() < deadline { usleep(1_000) }
print("effects finished: \(store.state.count)")
print("hook set by the live store: \(hookIsSet())")
print("default executor after the live store: \(defaultExecutor())")
print("Harness threads after the live store: \(harnessThreads())")
let clock = TestClock()
print("hook set by a TestClock: \(hookIsSet())")
print("default executor after a TestClock: \(defaultExecutor())")
withExtendedLifetime(clock) {}
