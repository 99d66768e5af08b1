import Dispatch
import HarnessIssues
import HarnessRuntime
import Testing

/// Settled, defined: a settle returns once no job of the world is ready or running, and says so
/// when a task it returns over waits on something the world does not see.
@Suite struct SettlingTests {
  /// A settle waits for the tasks the test started, however many jobs they take.
  @Test func aSettleWaitsForEveryTaskOfTheWorld() async {
    let engine = Engine()
    await engine.inWorld { world in
      let steps = Locked(0)
      let tasks = (1...3).map { _ in
        Task {
          for _ in 1...5 {
            await Task.yield()
            steps.withLock { $0 += 1 }
          }
        }
      }
      let problems = await world.settle(.settleOnly())
      #expect(problems.isEmpty)
      #expect(steps.withLock { $0 } == 15)
      for task in tasks { await task.value }
    }
  }

  /// A task in a real `Task.sleep` is not waited for: the settle returns, and warns that the task
  /// waits on real time, once.
  @Test func aRealSleepIsNamedByTheSettleThatReturnsOverIt() async {
    let engine = Engine()
    await engine.inWorld { world in
      let sleeper = Task { try? await Task.sleep(for: .seconds(60)) }
      let problems = await world.settle(.settleOnly())
      guard case .waitingOutside(let waits)? = problems.first, problems.count == 1, let wait = waits.first else {
        Issue.record("expected one warning, got \(problems)")
        return
      }
      #expect(problems[0].isWarning)
      #expect(waits.count == 1)
      #expect(wait.reason == .realSleep(clock: "ContinuousClock", delay: wait.reason.delay))
      #expect(wait.origin?.contains("created in") == true)
      #expect(!creationSitesAreExact || wait.origin?.contains("aRealSleepIsNamedByTheSettleThatReturnsOverIt") == true)
      // Said once per task.
      #expect(await world.settle(.settleOnly()).isEmpty)
      sleeper.cancel()
      await sleeper.value
    }
  }

  /// A task resumed from outside the world (a Dispatch queue), which then waits again, is named by
  /// the next settle: it waits on work the settle does not see.
  @Test func aTaskResumedFromOutsideIsNamedWhenItWaitsAgain() async {
    let engine = Engine()
    await engine.inWorld { world in
      let (resumed, signal) = AsyncStream<Void>.makeStream()
      let answer = DispatchSemaphore(value: 0)
      let secondRound = Locked<CheckedContinuation<Void, Never>?>(nil)
      let caller = Task {
        await withCheckedContinuation { continuation in
          DispatchQueue.global().async {
            answer.wait()
            continuation.resume()
            signal.yield()
          }
        }
        await withCheckedContinuation { continuation in secondRound.withLock { $0 = continuation } }
      }
      // The caller waits in its first round; then it is answered from outside. Its job is queued
      // before the signal's: it waits in its second round by the time the test goes on.
      #expect(await world.settle(.settleOnly()).isEmpty)
      answer.signal()
      var signals = resumed.makeAsyncIterator()
      _ = await signals.next()
      let problems = await world.settle(.settleOnly())
      guard case .waitingOutside(let waits)? = problems.first else {
        Issue.record("expected a warning, got \(problems)")
        return
      }
      #expect(waits.map(\.reason) == [.resumedFromOutside])
      secondRound.withLock { $0 }?.resume()
      await caller.value
    }
  }
}

extension OutsideWait.Reason {
  /// The delay of a real sleep (for comparing reasons whose delay is whatever was left).
  var delay: Duration? {
    if case .realSleep(_, let delay) = self { return delay }
    return nil
  }
}
