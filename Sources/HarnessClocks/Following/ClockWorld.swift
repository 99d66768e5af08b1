/// The work of one test as its test clocks see it: which jobs are in flight, and which advances
/// wait for them to settle.
///
/// Every clock created in a test (directly or by code the test runs) joins the test's world, so
/// two clocks of one feature see the same tasks. All state is guarded by ``FollowedWork``'s lock.
final class ClockWorld: @unchecked Sendable {
  /// Tasks with a larger id were created after the world began, so they may join it; older
  /// tasks (the test runner's, another test's) never do, even when the world's work resumes them.
  let baselineTaskID: UInt64
  /// The test the world was created for, when a test framework says so.
  let testID: String?

  var clockCount = 0
  var isRetired = false
  /// Jobs queued for, or running on, the follow thread.
  var pendingJobs = 0
  /// Whether the world's work runs on the main actor too, which the follower cannot see into:
  /// then every settle also lets the main actor drain what it has queued.
  var usesMainActor: Bool
  var isFlushingMainActor = false
  /// Whether a thread is stepping the world with the lock released (waking a sleeper, or
  /// completing a request): steps never overlap.
  var isStepping = false
  var mainActorFlushStart: ContinuousClock.Instant?
  /// How long a main actor drain may take before the follower stops waiting for it.
  var mainActorPatience = FollowedWork.defaultMainActorPatience
  /// Whether the next step must drain the main actor first, used or not (set by each new settle).
  var needsMainActorFlush = false
  /// Whether anything ran since the main actor was last drained.
  var activitySinceMainActorFlush = true
  /// The task of the sleeper resumed last, until it sleeps again on a clock of the world; 0 when
  /// the sleeper's task is unknown. A woken task that did not sleep again may be waiting on the
  /// main actor.
  var wokenTask: UInt64?
  /// Jobs run since a sleeper was last resumed: the hang guard for work that never suspends.
  var jobsSinceProgress = 0
  /// Advances waiting for their turn, first one in progress.
  var requests: [SettleRequest] = []

  init(baselineTaskID: UInt64, testID: String?, usesMainActor: Bool) {
    self.baselineTaskID = baselineTaskID
    self.testID = testID
    self.usesMainActor = usesMainActor
  }

  /// Whether a job of task `taskID` (0: not a task) caused by this world's work may join it.
  func admits(taskID: UInt64) -> Bool {
    taskID == 0 || taskID > baselineTaskID
  }
}
