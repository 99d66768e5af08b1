/// One `advance` or `run` waiting on the follow thread: resume due sleepers one at a time, and
/// after each, wait until the work it woke has settled.
///
/// Its closures hold the clock weakly: the follower may drop a request while holding its lock,
/// and must never run a clock's deinit there.
final class SettleRequest: @unchecked Sendable {
  /// Resumes the next due sleeper of the clock, moves the clock to its deadline, and returns
  /// the id of the sleeper's task (0 if unknown); `nil` when no sleeper is due.
  let resumeNext: @Sendable () -> UInt64?
  /// Moves the clock to the request's target once no sleeper is due.
  let finish: @Sendable () -> Void
  /// How many sleepers `run()` may resume before it gives up.
  let maxResumptions: Int?

  // Guarded by FollowedWork's lock.
  var resumptions = 0
  var problems: [SettleProblem] = []
  var continuation: CheckedContinuation<[SettleProblem], Never>?

  init(
    maxResumptions: Int? = nil,
    resumeNext: @escaping @Sendable () -> UInt64?,
    finish: @escaping @Sendable () -> Void = {}
  ) {
    self.maxResumptions = maxResumptions
    self.resumeNext = resumeNext
    self.finish = finish
  }
}

/// Why a settle ended early instead of hanging. The caller reports it, so that the issue lands in
/// the right test at the line of the `advance`.
enum SettleProblem: Sendable, Equatable {
  /// Work kept running without suspending on anything the clock sees.
  case workNeverSettles(jobs: Int)
  /// `run()` resumed its maximum of sleepers and more keep coming.
  case tooManyResumptions(Int)
  /// The main actor did not run a job in time: the main thread is blocked.
  case mainActorUnresponsive
}
