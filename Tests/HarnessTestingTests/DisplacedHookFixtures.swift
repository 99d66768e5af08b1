import HarnessClocks
import HarnessIssues
import Testing

#if canImport(Glibc)
  import Glibc
#endif

// Writes the runtime's global-enqueue hook slot, for every test in the process: run only in a
// child process started by `DisplacedHookTests`.

private typealias OriginalEnqueue = @convention(thin) (UnownedJob) -> Void
private typealias EnqueueHook = @convention(thin) (UnownedJob, OriginalEnqueue) -> Void

nonisolated(unsafe) private let slot = dlsym(dlopen(nil, 0), "swift_task_enqueueGlobal_hook")!
  .assumingMemoryBound(to: EnqueueHook?.self)

/// A clock test whose task ticks once a second: each advance wakes it exactly once.
private func ticksThreeTimes() async throws {
  let clock = TestClock()
  let ticks = LockIsolated(0)
  let task = Task {
    for _ in 1...3 {
      try await clock.sleep(for: .seconds(1))
      ticks.withValue { $0 += 1 }
    }
  }
  for expected in 1...3 {
    await clock.advance(by: .seconds(1))
    #expect(ticks.value == expected)
  }
  try await task.value
  #expect(clock.now.offset == .seconds(3))
}

@Suite(.serialized, .enabled(if: failingFixturesEnabled, "runs only as a child process of DisplacedHookTests"))
struct DisplacedHookFixtures {
  /// A hook that sends every job to the main actor (swift-concurrency-extras'): the test's jobs
  /// come back to its world through `MainActor.shared.enqueue`; the slot keeps that hook until its
  /// owner empties it.
  @Test func aMainSerialHookInTheSlotLeavesHarnessFollowing() async throws {
    #expect(slot.pointee == nil)
    slot.pointee = { job, _ in MainActor.shared.enqueue(job) }
    try await ticksThreeTimes()
    #expect(slot.pointee != nil)
    slot.pointee = nil
    try await ticksThreeTimes()
    #expect(slot.pointee == nil)
  }

  /// A hook that passes every job on to the runtime: Harness's default executor still gets them.
  @Test func aPassingHookInTheSlotLeavesHarnessFollowing() async throws {
    slot.pointee = { job, original in original(job) }
    try await ticksThreeTimes()
    slot.pointee = nil
  }
}
