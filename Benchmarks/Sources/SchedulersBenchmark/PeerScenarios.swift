import CombineSchedulers
import Dispatch

/// The scenarios on combine-schedulers' TestScheduler (its synchronous advance).
let peerScenarios = SchedulerScenarios(
  makeScheduler: { DispatchQueue.test },
  advance: { scheduler, stride in scheduler.advance(by: stride) }
)
