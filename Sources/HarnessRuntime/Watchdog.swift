import Dispatch
import Foundation
import HarnessIssues

/// The engine's one thread that watches the clock: it reports a job that blocks its world's
/// executor past the world's patience, a test whose every task has stayed suspended with nothing
/// ready or due past its patience (a deadlock), and ends an explored run that stalled. Each of
/// these is a patience for a report (see ``Patience``): none decides membership or settling.
///
/// It looks at each live world, under that world's lock only and never waiting for it, at least
/// once per a quarter of the shortest patience (at most a second apart), while any world lives.
final class Watchdog: @unchecked Sendable {
  /// The engine whose worlds it watches (weak: the engine owns it; its thread holds the engine
  /// while it runs).
  weak var engine: Engine?

  private let lock = FollowLock()
  private let wakeUp = FollowLock.Condition()
  private var started = false
  /// Counts the worlds begun, so the thread never ends just as one begins.
  private var worldsBegun = 0
  /// When the thread's current sleep ends (`nil`: it is looking now, or not running).
  private var sleepsUntil: ContinuousClock.Instant?

  /// The longest time between two looks at a world.
  static let longestInterval = Duration.seconds(1)
  /// The shortest, for very short patiences (tests of the reports).
  static let shortestInterval = Duration.milliseconds(10)
  /// How long the watchdog's thread waits with no world to watch before it ends.
  static let idleTime = Duration.seconds(2)

  /// Makes sure the watchdog's thread runs (a world began). Registry held or not: only its own
  /// lock is taken.
  func watch(_ world: World) {
    lock.lock()
    defer { lock.unlock() }
    worldsBegun += 1
    if !started, let engine {
      started = true
      let thread = Thread { [self] in run(for: engine) }
      // Linux keeps 15 characters of a thread's name.
      thread.name = "harness-watch"
      thread.start()
    }
  }

  /// Makes the watchdog look at the worlds within `interval` (a world's patience changed, or a
  /// settle began): a thread already due to look by then is left asleep, since waking it on
  /// every settle cost a context switch each.
  func wake(within interval: Duration = .zero) {
    lock.lock()
    defer { lock.unlock() }
    if let sleepsUntil, sleepsUntil <= ContinuousClock.now.advanced(by: interval) { return }
    wakeUp.signal()
  }

  /// Looks at the engine's live worlds, one at a time, under each one's lock only (never waiting
  /// for it), then sleeps until the next look; ends once no world has lived for a while.
  private func run(for engine: Engine) {
    var idleSince: ContinuousClock.Instant?
    while true {
      lock.lock()
      let begunBefore = worldsBegun
      lock.unlock()
      // The registry before the watchdog's own lock, never inside it (the lock order).
      let worlds = engine.liveWorlds
      var interval = Self.longestInterval
      for world in worlds {
        guard world.lock.tryLock() else { continue }
        if world.phase == .open {
          look(at: world)
          interval = min(interval, max(Self.shortestInterval, world.shortestPatience / 4))
        }
        world.lock.unlock()
      }
      lock.lock()
      if worlds.isEmpty {
        let since = idleSince ?? .now
        idleSince = since
        if ContinuousClock.now - since >= Self.idleTime, worldsBegun == begunBefore {
          // Nothing to watch: the thread ends (an engine of a test's own goes with it).
          started = false
          lock.unlock()
          return
        }
      } else {
        idleSince = nil
      }
      let deadline = ContinuousClock.now.advanced(by: interval)
      sleepsUntil = deadline
      wakeUp.wait(lock, until: deadline)
      sleepsUntil = nil
      lock.unlock()
    }
  }

  /// One look at `world`. Its lock held on entry and exit (let go meanwhile to report).
  private func look(at world: World) {
    let now = JobTime.now
    if case .running(let task, let since, _) = world.activity, !world.runningJobIsReportedBlocked,
      now.duration(since: since) >= world.patience.jobLimit, !world.requests.isEmpty || !world.ready.isEmpty
    {
      world.jobBlocksTheWorld(task: task, ran: now.duration(since: since))
    }
    guard let patience = world.quietPatience, let idleSince = world.idleSince, world.isQuiet,
      now.duration(since: idleSince) >= patience
    else { return }
    // Quiet past the patience: a stall or a deadlock once the machine's other work has moved on
    // (work outside the world that the test waits on may only be late: a loaded machine, a busy
    // main queue).
    guard let check = world.quietCheck, check.idleSince == idleSince.nanoseconds else {
      world.quietCheck = QuietCheck(idleSince: idleSince.nanoseconds, started: now)
      world.lock.unlock()
      Self.sendProbes(for: world, idleSince: idleSince.nanoseconds)
      world.lock.lock()
      return
    }
    guard check.isConfirmed(now: now, patience: patience) else { return }
    if world.exploration != nil {
      world.deliver(ending: .stalled)
    } else {
      let report = world.deadlockReport()
      world.deadlockReported = true
      world.lock.unlock()
      Self.endProcess(reporting: report, world: world)
    }
  }

  /// Sends a probe to each place outside the world a test may wait on (Dispatch's global queue,
  /// the process's default executor, the main queue), first in, first out: when all have run,
  /// the work queued there before them has had its turn.
  private static func sendProbes(for world: World, idleSince: UInt64) {
    DispatchQueue.global().async { world.probeRan(idleSince: idleSince, onMain: false) }
    DispatchQueue.main.async { world.probeRan(idleSince: idleSince, onMain: true) }
    // Made on the watchdog's thread: a task of no world.
    Task.detached { world.probeRan(idleSince: idleSince, onMain: false) }
  }

  /// Reports a deadlock to its test and ends the process: the test can never return, and waiting
  /// would hang the whole test run (as Go's `testing/synctest` panics).
  private static func endProcess(reporting report: String, world: World) -> Never {
    reportIssue(ReportedIssue(message: report, location: world.scopeLocation ?? .unknownLocation))
    let ending = "\nHarness: ending the test process, since \(world.testName.map { "test \($0)" } ?? "the test") can never return (see the issue above).\n"
    fflush(nil)
    _ = ending.withCString { write(2, $0, strlen($0)) }
    exit(EXIT_FAILURE)
  }
}

extension World {
  /// The shortest of the world's patiences, for how often the watchdog looks at it. Lock held.
  var shortestPatience: Duration {
    var shortest = min(patience.jobLimit, patience.deadlockLimit)
    if let exploration { shortest = min(shortest, exploration.stallPatience) }
    return shortest
  }

  /// The running job has run past the patience while other work waits for it: the waiting
  /// settles end with a report, and until it ends the world's other jobs run where they would
  /// have without Harness (they would otherwise wait behind it, and the code that could end the
  /// block may be among them). Lock held (let go meanwhile).
  func jobBlocksTheWorld(task: UInt64, ran: Duration) {
    runningJobIsReportedBlocked = true
    let problem = blockedProblem(task: task, ran: ran, stillRunning: true)
    if requests.isEmpty {
      unreportedProblems.append(problem)
    } else {
      // Only the requests waiting now: one made while this completes them is given up at once.
      for _ in requests.indices { complete(with: problem) }
    }
    spillReadyJobs()
  }

  /// Hands the ready jobs to the executors they would have run on (see ``jobBlocksTheWorld``).
  /// Lock held.
  func spillReadyJobs() {
    while let entry = ready.next() {
      if entry.onMain {
        mainExecutor.runOnMainQueue(entry.job)
      } else {
        ProcessRouter.passOn(entry.job)
      }
    }
  }

  /// How long the world may stay quiet before it is reported: its deadlock patience, or an
  /// explored run's stall patience while its body has not returned; `nil` when quiet is fine (no
  /// test task waits in the world, a run that has delivered). Lock held.
  var quietPatience: Duration? {
    if let exploration {
      guard exploration.continuation != nil, exploration.bodyResult == nil, !exploration.hasStalled else { return nil }
      return exploration.stallPatience
    }
    guard !deadlockReported, rootTask != 0, members.contains(rootTask) else { return nil }
    return patience.deadlockLimit
  }

  /// Whether every task of the world is suspended, with nothing ready, running or due, and no
  /// settle waiting. Lock held.
  var isQuiet: Bool {
    phase == .open && activity.isIdle && ready.isEmpty && requests.isEmpty && realSleepsPending == 0
  }

  /// A probe of the quiet check for the idle period since `idleSince` ran.
  func probeRan(idleSince: UInt64, onMain: Bool) {
    lock.lock()
    if var check = quietCheck, check.idleSince == idleSince {
      if onMain { check.mainProbeRan = true } else { check.globalProbesLeft -= 1 }
      check.lastProbeRan = .now
      quietCheck = check
    }
    lock.unlock()
  }
}

/// The confirmation that a quiet world is stalled (or deadlocked) and not only waiting on work
/// outside it that is late: probes sent to where that work runs (Dispatch's global queue, the
/// process's default executor, the main queue) have run, and the world stayed quiet for a grace
/// after. A main queue blocked for good is given five patiences; a machine so loaded that the
/// global probes do not run is waited for (nothing is reported while it cannot be told apart
/// from late work).
struct QuietCheck {
  /// The idle period it checks (`JobTime` nanoseconds): a job since starts a new period.
  let idleSince: UInt64
  let started: JobTime
  var globalProbesLeft = 2
  var mainProbeRan = false
  var lastProbeRan: JobTime?

  func isConfirmed(now: JobTime, patience: Duration) -> Bool {
    guard globalProbesLeft <= 0, let lastProbeRan else { return false }
    guard mainProbeRan || now.duration(since: started) >= patience * 5 else { return false }
    return now.duration(since: lastProbeRan) >= min(patience, .seconds(1))
  }
}
