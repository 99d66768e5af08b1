import HarnessInterleavings
import HarnessIssues
import HarnessTesting
import Testing

/// A flag another task sets: the body waits for it by polling.
private actor Flag {
  var isSet = false
  func set() { isSet = true }
}

/// The body of a spin-wait: it polls the flag with `Task.yield()` until another task sets it.
@Sendable private func spinUntilAnotherTaskSetsTheFlag() async {
  let flag = Flag()
  let setter = Task { await flag.set() }
  while !(await flag.isSet) { await Task.yield() }
  await setter.value
}

/// Every explored iteration is bounded: a body that keeps running jobs without returning is
/// reported with its replay string instead of hanging the test run.
@Suite struct StepBoundTests {
  /// PCT with depth 1 never lowers a task on its own: a body that polls for another task's
  /// work with `Task.yield()` would never end for the seeds that give the poller the higher
  /// priority. A task passed over for long enough is let through, so every iteration returns.
  @Test func aSpinWaitEndsUnderPCTOfDepthOne() async {
    let iterations = Locked(0)
    await withInterleavings(50, strategy: .pct(depth: 1)) {
      await spinUntilAnotherTaskSetsTheFlag()
      iterations.withLock { $0 += 1 }
    }
    #expect(iterations.withLock { $0 } == 50)
  }

  @Test func aSpinWaitEndsUnderEveryStrategy() async {
    for strategy in [InterleavingStrategy.random, .pct(depth: 2), .pct(depth: 3)] {
      let iterations = Locked(0)
      await withInterleavings(20, strategy: strategy) {
        await spinUntilAnotherTaskSetsTheFlag()
        iterations.withLock { $0 += 1 }
      }
      #expect(iterations.withLock { $0 } == 20, "\(strategy)")
    }
  }

  /// A task that never stops yielding exceeds the step bound: the iteration fails and says why,
  /// and the exploration returns.
  @Test func anIterationThatNeverReturnsFailsAtTheStepBound() async {
    let started = Locked(0)
    await withExpectedIssue {
      await withInterleavings(5, maxSteps: 500) {
        started.withLock { $0 += 1 }
        let never = Flag()
        while !(await never.isSet) { await Task.yield() }
      }
    } matching: { issue in
      issue.message.hasPrefix("Interleaving exploration: iteration 1 of 5 failed")
        && issue.message.contains("The run did not return after 500 jobs; a task spinning on Task.yield()?")
        && issue.message.contains("• the body")
        // One task, so no choice was made: nothing to replay, and the report says so.
        && replayString(in: issue.message) == nil
        && issue.message.contains("That run made no choice")
    }
    // The first iteration failed; no other ran.
    #expect(started.withLock { $0 } == 1)
  }

  /// The replay of such an iteration is bounded the same way.
  @Test func aReplayIsBoundedToo() async {
    await withExpectedIssue {
      await withInterleavings(replay: "random:1:1:", maxSteps: 300) {
        let never = Flag()
        while !(await never.isSet) { await Task.yield() }
      }
    } matching: { issue in
      issue.message.contains("The run did not return after 300 jobs")
    }
  }

  @Test func aStepBoundBelowOneIsRefusedWithAMessage() async {
    let ran = Locked(false)
    await withExpectedIssue {
      await withInterleavings(3, maxSteps: 0) { ran.withLock { $0 = true } }
    } matching: { issue in
      issue.message == "withInterleavings needs a step bound of at least 1 job, not maxSteps: 0: nothing was explored."
    }
    #expect(!ran.withLock { $0 })
  }
}
