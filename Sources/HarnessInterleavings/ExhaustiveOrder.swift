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

  let prefix: BranchPrefix
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
  init(
    prefix: BranchPrefix, branchSleep: [SleepEntry], bound: Int, pruning: Bool, callsApart: Set<ActorCallsApart> = []
  ) {
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
      if mirror.lostTrack {
        sleep = []
      } else if !sleep.isEmpty {
        sleep = sleep.filter { asleep in
          guard asleep.serial != job.serial else { return false }
          if asleep.footprint.isIndependent(of: footprint, sleepingSince: asleep.decision) { return true }
          // Two calls into idle actors: perhaps seen apart (only then is the key worth making).
          guard case .toIdleActor = asleep.footprint, case .toIdleActor = footprint,
            let key = callsApartKey(asleep.serial, job.serial), callsApart.contains(key)
          else { return false }
          return asleep.footprint.isIndependent(of: footprint, sleepingSince: asleep.decision, callsApart: true)
        }
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
    let asleep = sleep.isEmpty ? [] : Set(sleep.map(\.serial))
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

/// The decisions a run of an exhaustive exploration follows to its branch point: a path up to a
/// node, then the index taken there. Kept as the path it was cut from (shared, not copied: a run
/// queues branches at most of its decisions, and most of them never run).
struct BranchPrefix {
  private let path: [Int]
  private let last: Int
  /// How many decisions it holds: the branch point is the last.
  let count: Int

  static let empty = BranchPrefix(path: [], last: 0, count: 0)

  private init(path: [Int], last: Int, count: Int) {
    self.path = path
    self.last = last
    self.count = count
  }

  /// `path`'s first `decisions` decisions, then `index`.
  init(_ path: [Int], upTo decisions: Int, then index: Int) {
    self.init(path: path, last: index, count: decisions + 1)
  }

  var isEmpty: Bool { count == 0 }

  subscript(decision: Int) -> Int {
    decision == count - 1 ? last : path[decision]
  }
}
