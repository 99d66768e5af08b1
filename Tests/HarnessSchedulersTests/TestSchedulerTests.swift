#if Schedulers
import HarnessIssues
import HarnessSchedulers
import HarnessTesting
import Testing

@Suite struct TestSchedulerTests {
  @Test func actionsRunInDueOrderAndSameTimeActionsInSchedulingOrder() {
    let scheduler = DispatchQueue.test
    var order: [String] = []
    scheduler.schedule(after: scheduler.now.advanced(by: .seconds(2))) { order.append("2a") }
    scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) { order.append("1") }
    scheduler.schedule(after: scheduler.now.advanced(by: .seconds(2))) { order.append("2b") }
    scheduler.schedule { order.append("0") }
    scheduler.schedule(after: scheduler.now.advanced(by: .seconds(2))) { order.append("2c") }
    scheduler.advance(by: .seconds(1))
    #expect(order == ["0", "1"])
    scheduler.advance(by: .seconds(1))
    #expect(order == ["0", "1", "2a", "2b", "2c"])
  }

  @Test func nowIsTheDueTimeWhileAnActionRunsAndTheTargetAfterwards() {
    let scheduler = DispatchQueue.test
    let start = scheduler.now
    var seen: [DispatchQueue.SchedulerTimeType.Stride] = []
    scheduler.schedule(after: start.advanced(by: .milliseconds(300))) { seen.append(start.distance(to: scheduler.now)) }
    scheduler.advance(by: .seconds(1))
    #expect(seen == [.milliseconds(300)])
    #expect(start.distance(to: scheduler.now) == .seconds(1))
  }

  @Test func aZeroDelayRunsAtTheNextAdvanceNotInsideSchedule() {
    let scheduler = DispatchQueue.test
    var ran = 0
    scheduler.schedule { ran += 1 }
    scheduler.schedule(after: scheduler.now) { ran += 1 }
    #expect(ran == 0)
    #expect(scheduler.pendingActionCount == 2)
    scheduler.advance()
    #expect(ran == 2)
  }

  @Test func actionsScheduledByAnActionRunInTheSameAdvanceWhenDue() {
    let scheduler = DispatchQueue.test
    var order: [Int] = []
    scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) {
      order.append(1)
      scheduler.schedule { order.append(2) }
      scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) { order.append(3) }
      scheduler.schedule(after: scheduler.now.advanced(by: .seconds(5))) { order.append(4) }
    }
    scheduler.advance(by: .seconds(2))
    #expect(order == [1, 2, 3])
    scheduler.run()
    #expect(order == [1, 2, 3, 4])
  }

  @Test func aRepeatingScheduleFiresWithoutDriftUntilCancelled() {
    let scheduler = DispatchQueue.test
    let start = scheduler.now
    var fired: [DispatchQueue.SchedulerTimeType.Stride] = []
    let cancellable = scheduler.schedule(after: start.advanced(by: .seconds(1)), interval: .milliseconds(300)) {
      fired.append(start.distance(to: scheduler.now))
    }
    // Uneven steps: every firing still lands on start + 1 s + k × 300 ms.
    scheduler.advance(by: .milliseconds(1_250))
    scheduler.advance(by: .milliseconds(700))
    #expect(fired == [.milliseconds(1_000), .milliseconds(1_300), .milliseconds(1_600), .milliseconds(1_900)])
    cancellable.cancel()
    scheduler.advance(by: .seconds(10))
    #expect(fired.count == 4)
    #expect(scheduler.pendingActionCount == 0)
  }

  @Test func aRepeatingScheduleCancelledFromItsOwnActionStops() {
    let scheduler = RunLoop.test
    var ticks = 0
    var cancellable: (any Cancellable)?
    cancellable = scheduler.schedule(after: scheduler.now, interval: .seconds(1)) {
      ticks += 1
      if ticks == 3 { cancellable?.cancel() }
    }
    scheduler.advance(by: .seconds(100))
    #expect(ticks == 3)
  }

  @Test func tenThousandTicksAdvanceInOneCall() {
    let scheduler = DispatchQueue.test
    var ticks = 0
    let cancellable = scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1)), interval: .seconds(1)) {
      ticks += 1
    }
    scheduler.advance(by: .seconds(10_000))
    #expect(ticks == 10_000)
    cancellable.cancel()
  }

  @Test func runWithARepeatingScheduleStopsAndReportsInsteadOfHanging() {
    let scheduler = DispatchQueue.test
    var ticks = 0
    let cancellable = scheduler.schedule(after: scheduler.now, interval: .seconds(1)) { ticks += 1 }
    withExpectedIssue {
      scheduler.run(maxActions: 1_000)
    } matching: { issue in
      issue.message.hasPrefix("run() ran 1000 actions and more keep coming: a repeating schedule (a timer)")
        && issue.message.contains("The test scheduler DispatchQueue.test stopped at 999 s after its start")
        && issue.message.contains("1 pending action:\n  due at 1000 s after its start")
        && issue.message.contains("Cancel that work before run()")
        && issue.location.fileID == "HarnessSchedulersTests/TestSchedulerTests.swift"
    }
    #expect(ticks == 1_000)
    cancellable.cancel()
  }

  @Test func runWithSelfReschedulingWorkStopsAndReports() {
    let scheduler = DispatchQueue.test
    var runs = 0
    func again() {
      runs += 1
      scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(10))) { again() }
    }
    scheduler.schedule { again() }
    withExpectedIssue {
      scheduler.run()
    } matching: { issue in
      issue.message.hasPrefix("run() ran 100000 actions and more keep coming")
    }
    #expect(runs == 100_000)
  }

  @Test func workThatReschedulesItselfWithNoDelayStopsAnAdvance() {
    let scheduler = DispatchQueue.test
    func again() { scheduler.schedule { again() } }
    scheduler.schedule { again() }
    withExpectedIssue {
      scheduler.advance(by: .seconds(1))
    } matching: { issue in
      issue.message.hasPrefix("advance(by: 1 s) ran 100000 actions at 0 s after its start")
        && issue.message.contains("without time moving: an action keeps scheduling work with no delay")
    }
  }

  @Test func runWithFinitelyManyActionsEndsQuietly() {
    let scheduler = OperationQueue.test
    var ran = 0
    for index in 0..<100 {
      scheduler.schedule(after: scheduler.now.advanced(by: .seconds(Double(index)))) { ran += 1 }
    }
    scheduler.run()
    #expect(ran == 100)
  }

  @Test func advancingToAnInstantInThePastReportsAndStays() {
    let scheduler = DispatchQueue.test
    let start = scheduler.now
    scheduler.advance(by: .seconds(5))
    withExpectedIssue {
      scheduler.advance(to: start)
    } matching: { issue in
      issue.message.hasPrefix(
        "advance(to: 0 s after its start) would move time backwards: The test scheduler DispatchQueue.test is at 5 s after its start"
      )
        && issue.message.contains("Time stays where it is")
    }
    #expect(start.distance(to: scheduler.now) == .seconds(5))
  }

  @Test func schedulingFromManyThreadsLosesNothing() async {
    let scheduler = DispatchQueue.test
    let count = LockIsolated(0)
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<8 {
        group.addTask {
          for step in 0..<250 {
            scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(index * 1_000 + step))) {
              count.withValue { $0 += 1 }
            }
          }
        }
      }
    }
    await scheduler.advance(by: .seconds(10))
    #expect(count.value == 2_000)
  }

  @Test func theAsyncAdvanceLetsWorkStartedByAnActionSettleBeforeTheNextAction() async {
    let scheduler = DispatchQueue.test
    let log = LockIsolated<[String]>([])
    scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) {
      Task {
        await Task.yield()
        log.withValue { $0.append("task") }
      }
    }
    scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) { log.withValue { $0.append("second action") } }
    await scheduler.advance(by: .seconds(1))
    #expect(log.value == ["task", "second action"])
  }

  @Test func theAsyncAdvanceWaitsForATaskTheTestStartedBeforeIt() async {
    let scheduler = DispatchQueue.test
    let log = LockIsolated<[String]>([])
    Task {
      for _ in 0..<10 { await Task.yield() }
      log.withValue { $0.append("task") }
      scheduler.schedule { log.withValue { $0.append("action") } }
    }
    await scheduler.advance()
    #expect(log.value == ["task", "action"])
  }

  @Test func theAsyncRunSettlesToo() async {
    let scheduler = RunLoop.test
    let done = LockIsolated(false)
    scheduler.schedule(after: scheduler.now.advanced(by: .seconds(3))) {
      Task { done.setValue(true) }
    }
    await scheduler.run()
    #expect(done.value)
  }
}
#endif
