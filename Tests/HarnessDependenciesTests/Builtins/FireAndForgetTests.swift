import HarnessDependencies
import HarnessIssues
import Synchronization
import Testing

struct FireAndForgetTests {
  @Test func testValueRunsTheWorkBeforeReturning() async {
    @Dependency(\.fireAndForget) var fireAndForget
    let done = Atomic(false)
    await fireAndForget {
      await Task.yield()
      done.store(true, ordering: .relaxed)
    }
    let finished = done.load(ordering: .relaxed)
    #expect(finished)
  }

  @Test func testValueReportsAnErrorTheWorkThrows() async {
    struct Failure: Error {}
    @Dependency(\.fireAndForget) var fireAndForget
    await withExpectedIssue {
      await fireAndForget { throw Failure() }
    } matching: { issue in
      issue.message.contains("fireAndForget's work threw Failure()")
        && issue.location.fileID == "HarnessDependenciesTests/FireAndForgetTests.swift"
    }
  }

  @Test func testValueRunsToCompletionWhenTheCallerIsCancelled() async {
    let outcome = await fireAndForgetWithItsCallerCancelled()
    #expect(outcome.finished)
    // The caller's cancellation does not reach the work.
    #expect(!outcome.sawCancellation)
  }
}

/// Starts `fireAndForget` work from a task, cancels that task while the work runs, and tells
/// whether the work finished and whether it saw the cancellation (Swift Testing and XCTest).
func fireAndForgetWithItsCallerCancelled() async -> (finished: Bool, sawCancellation: Bool) {
  @Dependency(\.fireAndForget) var fireAndForget
  let done = Atomic(false)
  let callerCancelled = Atomic(false)
  let sawCancellation = Atomic(false)
  let started = AsyncStream<Void>.makeStream()
  let caller = Task {
    await fireAndForget {
      started.continuation.yield()
      while !callerCancelled.load(ordering: .relaxed) { await Task.yield() }
      sawCancellation.store(Task.isCancelled, ordering: .relaxed)
      done.store(true, ordering: .relaxed)
    }
  }
  for await _ in started.stream { break }
  caller.cancel()
  callerCancelled.store(true, ordering: .relaxed)
  await caller.value
  return (done.load(ordering: .relaxed), sawCancellation.load(ordering: .relaxed))
}
