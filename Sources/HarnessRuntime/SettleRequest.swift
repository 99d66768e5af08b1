import HarnessIssues

/// One `advance`, `run` or `settle` waiting for a world: resume due sleepers one at a time, and
/// after each, wait until the work it woke has settled.
///
/// Its closures hold the clock weakly: the engine may drop a request while holding a world's
/// lock, and must never run a clock's deinit there.
package final class SettleRequest: @unchecked Sendable {
  /// Resumes the next due sleeper of the clock and moves the clock to its deadline; `false` when
  /// no sleeper is due. Calls `willWake` with the sleeper's task id just before waking it.
  let resumeNext: @Sendable (_ willWake: (UInt64) -> Void) -> Bool
  /// Moves the clock to the request's target once no sleeper is due.
  let finish: @Sendable () -> Void
  /// How many sleepers `run()` may resume before it gives up.
  let maxResumptions: Int?

  // Guarded by its world's lock.
  var resumptions = 0
  var problems: [SettleProblem] = []
  var continuation: CheckedContinuation<[SettleProblem], Never>?
  /// The task waiting for the request (0: none known).
  var waiter: UInt64 = 0

  package init(
    maxResumptions: Int? = nil,
    resumeNext: @escaping @Sendable (_ willWake: (UInt64) -> Void) -> Bool,
    finish: @escaping @Sendable () -> Void = {}
  ) {
    self.maxResumptions = maxResumptions
    self.resumeNext = resumeNext
    self.finish = finish
  }

  /// A request that only waits for the work to settle.
  package static func settleOnly() -> SettleRequest {
    SettleRequest(resumeNext: { _ in false })
  }
}

/// Why a settle ended early instead of hanging, what it could not see, or what went wrong while
/// nobody waited. The caller reports it, so that the issue lands in the right test at the line
/// of the `advance` or `settle`.
package enum SettleProblem: Sendable, Equatable {
  /// Work kept running without suspending on anything the clock sees.
  case workNeverSettles(jobs: Int)
  /// `run()` resumed its maximum of sleepers and more keep coming.
  case tooManyResumptions(Int)
  /// One job ran longer than the world's patience, blocking the world's executor.
  case jobBlocked(JobBlock)
  /// The work settled with tasks waiting on something the test's world does not see (real time,
  /// a Dispatch queue, another thread): a warning, so that a "nothing happened" assertion after
  /// it is not a silent pass.
  case waitingOutside([OutsideWait])

  /// Whether the problem is reported as a warning (the test goes on as it should).
  package var isWarning: Bool {
    if case .waitingOutside = self { return true }
    return false
  }

  /// The issue that reports the problem with `message` at `location`.
  package func issue(_ message: String, at location: SourceCodeLocation) -> ReportedIssue {
    ReportedIssue(message: message, severity: isWarning ? .warning : .error, location: location)
  }
}

/// A job of the world that ran longer than its patience.
package struct JobBlock: Sendable, Equatable {
  /// The task whose job it was (0: not a task).
  package var task: UInt64
  /// Whether that task is the test's own.
  package var isTestsOwnTask: Bool
  /// What made the task: `created in Feature.load()`, `the effect created at Feature.swift:30`.
  package var origin: String?
  /// How long it had run when reported.
  package var ran: Duration
  package var patience: Duration
  /// Whether it was still running when reported.
  package var stillRunning: Bool
  /// Whether it is a main-actor job (it runs, or waits to run, on the main queue).
  package var onMain = false
}

/// A task of the test left suspended on something its world does not see, as a settle found it.
package struct OutsideWait: Sendable, Equatable {
  /// The task (its runtime id).
  package var task: UInt64
  /// What made it: `created in Feature.load()`, `the effect created at Feature.swift:30`.
  package var origin: String?
  package var reason: Reason

  package enum Reason: Sendable, Equatable {
    /// A real sleep (`Task.sleep`, `ContinuousClock().sleep`) on `clock`, of `delay` when known.
    case realSleep(clock: String, delay: Duration?)
    /// It was last resumed from outside the test's world (a Dispatch queue, another thread, I/O,
    /// another test's work), and waits again.
    case resumedFromOutside
  }
}
