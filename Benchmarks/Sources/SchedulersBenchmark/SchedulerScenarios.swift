import HarnessSchedulers

/// The scheduler scenarios, written once for any test scheduler with dispatch queues' time: each
/// library says how to make its scheduler and advance it (both name their type `TestScheduler`
/// and extend `DispatchQueue` with `test`, so each is spelled in a file of its own).
struct SchedulerScenarios<TestScheduler: Scheduler>: Sendable
where TestScheduler.SchedulerTimeType == DispatchQueue.SchedulerTimeType {
  var makeScheduler: @Sendable () -> TestScheduler
  var advance: @Sendable (TestScheduler, DispatchQueue.SchedulerTimeType.Stride) async -> Void

  /// `count` one-shot actions due at scattered times (a permutation of 1 ms … `count` ms),
  /// then one advance past all of them. Returns how many ran.
  func oneShotActions(_ count: Int) async -> Int {
    let scheduler = makeScheduler()
    let start = scheduler.now
    var ran = 0
    for index in 0..<count {
      // 7,919 is prime, so this visits every offset once, out of order.
      let offset = (index &* 7_919) % count + 1
      scheduler.schedule(after: start.advanced(by: .milliseconds(offset))) { ran += 1 }
    }
    await advance(scheduler, .milliseconds(count))
    return ran
  }

  /// A repeating one-second schedule advanced through `ticks` ticks in one advance. Returns how
  /// many ticks ran.
  func repeatingTicks(_ ticks: Int) async -> Int {
    let scheduler = makeScheduler()
    var ran = 0
    let cancellable = scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1)), interval: .seconds(1)) {
      ran += 1
    }
    await advance(scheduler, .seconds(ticks))
    cancellable.cancel()
    return ran
  }
}
