/// One run of a bounded exhaustive exploration: follows a prefix of decisions to its branch
/// point, then goes on without preempting, skipping jobs that are asleep, and records each
/// decision after the branch point so that the search can queue its other branches.
struct ExhaustiveOrder: JobOrderPolicy {
  /// A decision taken after the branch point: the search's node.
  struct Node {
    /// Its index among the run's decisions.
    let decision: Int
    let ready: [ReadyJobMirror.Job]
    let currentTask: Int
    let asleep: [SleepEntry]
    let chosen: Int
    /// Preemptions in the run before this decision.
    let preemptionsBefore: Int

    func isPreemption(_ index: Int) -> Bool {
      currentTask != 0 && ready[index].owner != currentTask && ready.contains { $0.owner == currentTask }
    }
  }

  /// How the run ended, for the search.
  enum Ending: Equatable {
    /// Every ready job was asleep: the rest of the run only reorders independent jobs of a run
    /// explored already.
    case redundant
    /// Going on needs one more preemption than the round allows: the branch is queued for a
    /// later round.
    case cut
  }

  let prefix: [Int]
  /// The sleep set at the branch point (the prefix's last decision).
  let branchSleep: [SleepEntry]
  /// The most preemptions a run of this round may take.
  let bound: Int
  let pruning: Bool
  /// Pairs of calls into idle actors known to go to different actors (learnt by earlier runs).
  let callsApart: Set<ActorCallsApart>

  private var mirror = ReadyJobMirror()
  private var sleep: [SleepEntry] = []
  private var isTracking: Bool
  private var pendingFootprint: (decision: Int, serial: Int)?
  private(set) var nodes: [Node] = []
  private(set) var path: [Int] = []
  private(set) var preemptions = 0
  private(set) var ending: Ending?
  /// The branch a cut run leaves for a later round: its prefix, preemptions and sleep set.
  private(set) var deferred: (prefix: [Int], preemptions: Int, sleep: [SleepEntry])?
  /// What each job chosen at a decision from the branch point on touched there.
  private(set) var footprints: [(decision: Int, serial: Int, footprint: JobFootprint)] = []
  /// Whether a prefix decision did not fit the run (code that is not deterministic).
  private(set) var diverged = false
  /// Pairs of calls this run saw go to different actors.
  private(set) var learntApart: [ActorCallsApart] = []
  init(prefix: [Int], branchSleep: [SleepEntry], bound: Int, pruning: Bool, callsApart: Set<ActorCallsApart> = []) {
    self.prefix = prefix
    self.branchSleep = branchSleep
    self.bound = bound
    self.pruning = pruning
    self.callsApart = callsApart
    isTracking = prefix.isEmpty
    mirror.learnsCallsApart = pruning
  }

  mutating func choose(
    among readyTasks: UnsafeBufferPointer<UInt64>, actors: UnsafeBufferPointer<UInt>, step: Int, decision: Int
  ) -> Int {
    let seen = mirror.observe(readyTasks, actors: actors)
    for (first, second) in mirror.takeCallsApart() {
      if let apart = callsApartKey(first, second) { learntApart.append(apart) }
    }
    if isTracking, let job = seen.lastJob, let footprint = seen.lastFootprint {
      if let pending = pendingFootprint, pending.serial == job.serial {
        footprints.append((pending.decision, job.serial, footprint))
      }
      pendingFootprint = nil
      sleep =
        mirror.lostTrack
        ? []
        : sleep.filter { asleep in
          let apart = callsApartKey(asleep.serial, job.serial).map(callsApart.contains) ?? false
          return asleep.serial != job.serial
            && asleep.footprint.isIndependent(of: footprint, sleepingSince: asleep.decision, callsApart: apart)
        }
    }
    let index = ending == nil ? pick(seen, decision: decision) : 0
    mirror.choose(index)
    return index
  }

  /// The key of two jobs' calls in ``callsApart``: the decisions up to the later one's showing
  /// (from there on, every run has both, under the same serial numbers).
  private func callsApartKey(_ one: Int, _ other: Int) -> ActorCallsApart? {
    let born = max(mirror.born[one], mirror.born[other])
    guard born <= path.count else { return nil }
    return ActorCallsApart(path: Array(path[..<born]), first: min(one, other), second: max(one, other))
  }

  private mutating func pick(_ seen: ReadyJobMirror.Step, decision: Int) -> Int {
    let asleep = Set(sleep.map(\.serial))
    guard seen.ready.count > 1 else {
      if isTracking, pruning, asleep.contains(seen.ready[0].serial) { ending = .redundant }
      return 0
    }
    if decision < prefix.count {
      var index = prefix[decision]
      if index >= seen.ready.count {
        diverged = true
        index = 0
      }
      if ReadyJobMirror.isPreemption(seen, choosing: index) { preemptions += 1 }
      path.append(index)
      if decision == prefix.count - 1 {
        isTracking = true
        sleep = branchSleep
        pendingFootprint = (decision, seen.ready[index].serial)
      }
      return index
    }
    guard let index = ReadyJobMirror.continuing(seen, avoiding: pruning ? asleep : []) else {
      ending = .redundant
      return 0
    }
    let preempts = ReadyJobMirror.isPreemption(seen, choosing: index)
    nodes.append(
      Node(
        decision: decision, ready: seen.ready, currentTask: seen.currentTask, asleep: pruning ? sleep : [],
        chosen: index, preemptionsBefore: preemptions))
    path.append(index)
    if preempts {
      preemptions += 1
      if preemptions > bound {
        ending = .cut
        deferred = (path, preemptions, sleep)
        return index
      }
    }
    pendingFootprint = (decision, seen.ready[index].serial)
    return index
  }
}
