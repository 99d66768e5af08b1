import Synchronization

// A settle that would have nothing to do: what lets a test helper skip it.
extension FollowedWork {
  /// Whether a settle of `world` asked now by the current task would end at once, finding
  /// nothing to run or report and nothing to drain: no job of the world pending but the caller's
  /// own, the main actor and unclaimed work out of the picture, no settle or problem waiting,
  /// the caller a member already, the hook still Harness's. The caller's own work must also be
  /// idle (a `TestStore` with no effect running), as a settle's `workIsIdle` would find it.
  ///
  /// Such a settle suspends the caller only to resume it at once: a `TestStore` round trip
  /// asks for three, and two of them (before the send, before the receive) are usually these.
  package func hasNothingToSettle(in world: World) -> Bool {
    let caller = TaskIdentity.currentTaskID()
    guard caller != 0 else { return false }
    // The reclaim a settle starts with; a hook taken back is reported by a settle.
    reclaimHook()
    guard !hookWarningIsDue.load(ordering: .relaxed) else { return false }
    let onWorldThread = World.onCurrentThread === world
    // The caller's membership changes only by its own joins and settles: stable meanwhile.
    registry.lock()
    let isMember = memberTasks[caller] === world
    registry.unlock()
    guard isMember else { return false }
    world.lock.lock()
    defer { world.lock.unlock() }
    guard !world.isRetired, world.exploration == nil, !world.usesMainActor,
      world.requests.isEmpty, !world.isFlushingMainActor, !world.isStepping,
      world.unreportedProblems.isEmpty, !world.runningJobIsReportedBlocked, world.wokenTask == nil,
      unclaimedPendingJobs.load(ordering: .relaxed) == 0 || mainQueueIsStalled
    else { return false }
    // The caller's own job, when the world runs it (adopted after a settle), is not pending
    // work; jobs it staged are (only the world's thread has them).
    let callersJob = world.runningTask == caller && world.runningIsAdopted ? 1 : 0
    let staged = onWorldThread ? world.staged.count : 0
    guard world.pendingJobs + staged - callersJob == 0 else { return false }
    // A job running past its patience (the caller's own, blocking the world's thread) is
    // reported by a settle's watchdog.
    if let since = world.runningSince, JobTime.now.duration(since: since) >= world.jobPatience { return false }
    return true
  }
}
