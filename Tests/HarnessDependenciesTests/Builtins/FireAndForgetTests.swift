import HarnessDependencies
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

  @Test func errorsAreIgnored() async {
    struct Failure: Error {}
    @Dependency(\.fireAndForget) var fireAndForget
    await fireAndForget { throw Failure() }
  }

  @Test func liveValueRunsTheWorkDetachedWithTheCallersDependencies() async {
    let greeting = await withDependencies {
      $0.context = .live
      $0.greeting = "caller"
    } operation: {
      let fireAndForget = DependencyValues.current.fireAndForget
      return await withCheckedContinuation { (result: CheckedContinuation<String, Never>) in
        Task {
          await fireAndForget {
            result.resume(returning: DependencyValues.current.greeting)
          }
        }
      }
    }
    #expect(greeting == "caller")
  }

  @Test func liveValueDoesNotWaitForTheWork() async {
    let gate = AsyncStream<Void>.makeStream()
    await withDependencies { $0.fireAndForget = .detached } operation: {
      @Dependency(\.fireAndForget) var fireAndForget
      // Would never return if it waited: the work waits for what comes after the call.
      await fireAndForget {
        for await _ in gate.stream { break }
      }
    }
    gate.continuation.yield()
    gate.continuation.finish()
  }
}
