import Dispatch
import Foundation
import HarnessIssues
import Synchronization

// Diagnostics: the watchdog that gives up on blocked jobs and main actor drains, and finds stalls.
extension FollowedWork {
  // MARK: - The watchdog

  /// How long a drain of the main actor may take for `world`: its patience if its work uses
  /// the main actor, else only until the main thread counts as blocked. The world's lock held.
  func flushPatience(_ world: World) -> Duration {
    world.usesMainActor ? world.mainActorPatience : Self.mainQueueStallThreshold
  }

  /// Makes sure the watchdog looks at `world`'s running job when its patience runs out. The
  /// world's lock held.
  func armWatchdog(for world: World) {
    guard let since = world.runningSince, !world.runningJobIsReportedBlocked else { return }
    armWatchdog(until: since.deadline(after: world.jobPatience))
  }

  /// Makes sure the watchdog wakes by `deadline`. Any lock may be held (the watchdog's is taken
  /// last).
  func armWatchdog(until deadline: ContinuousClock.Instant) {
    watchdogLock.lock()
    defer { watchdogLock.unlock() }
    if !watchdogStarted {
      watchdogStarted = true
      let thread = Thread { FollowedWork.shared.watch() }
      thread.name = "Harness.TestClock.watchdog"
      thread.start()
    } else if watchdogIsWaiting {
      if watchdogWaitsUntil.map({ deadline < $0 }) ?? true { wakeWatchdog.signal() }
    } else {
      watchdogArmedWhileLooking = min(watchdogArmedWhileLooking ?? deadline, deadline)
    }
  }

  /// The watchdog's thread: gives up on main actor drains and on jobs that take longer than
  /// their world's patience, so that no advance waits for them forever. It looks at one world
  /// at a time, under that world's lock only.
  func watch() {
    while true {
      let now = ContinuousClock.now
      var earliest: ContinuousClock.Instant?
      registry.lock()
      let live = worlds
      registry.unlock()
      for world in live {
        // Never waits for a world's lock (it is held only briefly, unless a thread is stuck
        // holding it): one world must not keep the watchdog from the others.
        guard world.lock.tryLock() else {
          let lookAgain = now.advanced(by: Self.stepCheckInterval)
          earliest = min(earliest ?? lookAgain, lookAgain)
          continue
        }
        if world.unclaimedWorkEnded.exchange(false, ordering: .relaxed) { unclaimedWorkEnded(for: world) }
        if let deadline = look(at: world, now: now) { earliest = min(earliest ?? deadline, deadline) }
        world.lock.unlock()
      }
      watchdogLock.lock()
      // Deadlines asked for while it looked (it held no lock of its own): its look may have
      // passed their world already.
      if let armed = watchdogArmedWhileLooking { earliest = min(earliest ?? armed, armed) }
      watchdogArmedWhileLooking = nil
      watchdogIsWaiting = true
      watchdogWaitsUntil = earliest
      if let earliest { wakeWatchdog.wait(watchdogLock, until: earliest) } else { wakeWatchdog.wait(watchdogLock) }
      watchdogIsWaiting = false
      watchdogWaitsUntil = nil
      watchdogLock.unlock()
    }
  }

  /// One look of the watchdog at `world`: steps a settle that missed its step, gives up on a
  /// main actor drain or a job past their patience, ends a stalled explored run. Returns when
  /// to look again, if it must. The world's lock held on entry and exit (let go meanwhile).
  private func look(at world: World, now: ContinuousClock.Instant) -> ContinuousClock.Instant? {
    var earliest: ContinuousClock.Instant?
    func wake(by deadline: ContinuousClock.Instant) { earliest = min(earliest ?? deadline, deadline) }
    let lookAgain = now.advanced(by: Self.stepCheckInterval)
    if !world.requests.isEmpty {
      // A settled world whose advance still waits missed a step: take it now rather than
      // leave the test hanging (and say so when asked to, to find the cause).
      if isSettled(world), !world.isFlushingMainActor, !world.isStepping, world.runningSince == nil {
        let waiting = world.requests.count
        if world.sawSettledWhileWaiting {
          step(world)
          if Self.debugsFollowing, world.requests.count < waiting {
            print("Harness follower: a settled world's advance was stepped by the watchdog")
          }
        }
        world.sawSettledWhileWaiting = !world.requests.isEmpty
        if !world.requests.isEmpty { wake(by: lookAgain) }
      } else {
        wake(by: lookAgain)
      }
    }
    if world.isFlushingMainActor, let start = world.mainActorFlushStart {
      var deadline = start.advanced(by: flushPatience(world))
      if deadline <= now, !world.usesMainActor, MainQueueDrainer.mayBeSlowRatherThanBlocked {
        deadline = start.advanced(by: Self.busyMainQueueStallThreshold)
      }
      if deadline <= now {
        if Self.debugsFollowing {
          print("Harness follower: a main actor drain gave up after \(now - start) (world uses the main actor: \(world.usesMainActor))")
        }
        world.isFlushingMainActor = false
        mainQueueStall.store(true, ordering: .relaxed)
        if world.usesMainActor {
          world.usesMainActor = false
          world.requests.first?.problems.append(.mainActorUnresponsive(patience: world.mainActorPatience))
        }
        step(world)
      } else {
        wake(by: deadline)
      }
    }
    if let exploration = world.exploration, exploration.continuation != nil, exploration.bodyResult == nil,
      !exploration.hasStalled
    {
      if world.pendingJobs == 0, let since = exploration.idleSince {
        let deadline = since.deadline(after: exploration.stallPatience)
        if deadline > now {
          wake(by: deadline)
        } else if let check = exploration.outsideWorkCheck, check.idleSince == since.nanoseconds {
          // Idle past the patience: a stall once the machine's other work has moved on.
          let confirmed = check.confirmation(patience: exploration.stallPatience)
          if confirmed <= now {
            deliver(world, ending: .stalled)
          } else {
            wake(by: confirmed)
          }
        } else {
          exploration.startOutsideWorkCheck(idleSince: since)
          wake(by: lookAgain)
          world.lock.unlock()
          sendOutsideWorkProbes(world, idleSince: since.nanoseconds)
          world.lock.lock()
        }
      } else {
        wake(by: lookAgain)
      }
    }
    if let since = world.runningSince, !world.runningJobIsReportedBlocked, !world.requests.isEmpty {
      let deadline = since.deadline(after: world.jobPatience)
      if deadline <= now {
        world.runningJobIsReportedBlocked = true
        let problem = blockedProblem(world)
        // Only the requests waiting now: one made while this thread completes them (the
        // lock is released meanwhile) is not this report's, and is stepped afterwards.
        for _ in world.requests.indices { complete(world, with: problem) }
        step(world)
      } else {
        wake(by: deadline)
      }
    }
    return earliest
  }
}
