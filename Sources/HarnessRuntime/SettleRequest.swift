import HarnessIssues

/// One `advance` or `run` waiting for a world: resume due sleepers one at a time, and after
/// each, wait until the work it woke has settled.
///
/// Its closures hold the clock weakly: the follower may drop a request while holding its lock,
/// and must never run a clock's deinit there.
package final class SettleRequest: @unchecked Sendable {
  /// Resumes the next due sleeper of the clock and moves the clock to its deadline; `false` when
  /// no sleeper is due. Calls `willWake` with the sleeper's task id just before waking it.
  let resumeNext: @Sendable (_ willWake: (UInt64) -> Void) -> Bool
  /// Moves the clock to the request's target once no sleeper is due.
  let finish: @Sendable () -> Void
  /// How many sleepers `run()` may resume before it gives up.
  let maxResumptions: Int?
  /// Whether the caller knows that none of its work can be waiting (on the main actor or
  /// elsewhere), once the followed jobs have settled: then a world that does not use the main
  /// actor need not drain it. `nil`: the caller cannot tell.
  let workIsIdle: (@Sendable () -> Bool)?

  // Guarded by its world's lock.
  var resumptions = 0
  var problems: [SettleProblem] = []
  var continuation: CheckedContinuation<[SettleProblem], Never>?
  /// The task waiting for the request, when it waits off the main actor (0 otherwise).
  var waitingTask: UInt64 = 0

  package init(
    maxResumptions: Int? = nil,
    workIsIdle: (@Sendable () -> Bool)? = nil,
    resumeNext: @escaping @Sendable (_ willWake: (UInt64) -> Void) -> Bool,
    finish: @escaping @Sendable () -> Void = {}
  ) {
    self.maxResumptions = maxResumptions
    self.workIsIdle = workIsIdle
    self.resumeNext = resumeNext
    self.finish = finish
  }

  /// A request that only waits for the work to settle.
  package static func settleOnly(workIsIdle: (@Sendable () -> Bool)? = nil) -> SettleRequest {
    SettleRequest(workIsIdle: workIsIdle, resumeNext: { _ in false })
  }
}

/// Why a settle ended early instead of hanging, or what went wrong while nobody waited. The
/// caller reports it, so that the issue lands in the right test at the line of the `advance`.
package enum SettleProblem: Sendable, Equatable {
  /// Work kept running without suspending on anything the clock sees.
  case workNeverSettles(jobs: Int)
  /// `run()` resumed its maximum of sleepers and more keep coming.
  case tooManyResumptions(Int)
  /// The main actor ran no job within the world's patience: the main thread is blocked.
  case mainActorUnresponsive(patience: Duration)
  /// One job ran longer than the world's patience, blocking the world's executor.
  case jobBlocked(JobBlock)
  /// Another library had replaced the runtime hook the follower needs; it was put back, chained
  /// to the replacement. A warning, given once per process.
  case hookReclaimed

  /// Whether the problem is reported as a warning (the test goes on as it should).
  package var isWarning: Bool { self == .hookReclaimed }

  /// The issue that reports the problem with `message` at `location`.
  package func issue(_ message: String, at location: SourceCodeLocation) -> ReportedIssue {
    ReportedIssue(message: message, severity: isWarning ? .warning : .error, location: location)
  }
}

/// A followed job that ran longer than its world's patience.
package struct JobBlock: Sendable, Equatable {
  /// The task whose job it was (0: not a task).
  package var task: UInt64
  /// Whether that task is the test's own (it created, advanced or settled a clock).
  package var isTestsOwnTask: Bool
  /// Where the task last slept on a test clock, when it did.
  package var lastSleptAt: SourceCodeLocation?
  /// How long it had run when reported.
  package var ran: Duration
  package var patience: Duration
  /// Whether it was still running when reported.
  package var stillRunning: Bool
}
