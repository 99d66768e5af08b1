/// One run of a bounded exhaustive exploration: follows a prefix of decisions to its branch
/// point, then goes on without preempting, skipping jobs that are asleep, and records each
/// decision after the branch point so that the search can queue its other branches.
struct ExhaustiveOrder: JobOrderPolicy {
  /// A decision taken after the branch point: the search's node.
  struct Node {
    /// Its index among the run's decisions.
    let decision: Int
    /// Where its ready jobs are in the run's ``ExhaustiveOrder/nodeJobs``.
    let jobs: Range<Int>
    let currentTask: Int
    let asleep: [SleepEntry]
    let chosen: Int
    /// Preemptions in the run before this decision.
    let preemptionsBefore: Int

    /// Its ready jobs, from the run's ``ExhaustiveOrder/nodeJobs``.
    func ready(in nodeJobs: [ReadyJobMirror.Job]) -> ArraySlice<ReadyJobMirror.Job> { nodeJobs[jobs] }

    func isPreemption(_ index: Int, in nodeJobs: [ReadyJobMirror.Job]) -> Bool {
      ReadyJobMirror.isPreemption(choosing: index, among: ready(in: nodeJobs), currentTask: currentTask)
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
  /// The ready jobs of every node, one node's after another (one buffer for the run, rather than
  /// an array per node).
  private(set) var nodeJobs: [ReadyJobMirror.Job] = []
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
  /// As many as the last run's (see ``reserveCapacity(like:)``).
  private(set) var expectedDecisions = 0
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

  /// Makes room for a run as long as `previous` (the runs of one search are alike): arrays grown
  /// a step at a time reallocated and copied several times a run.
  mutating func reserveCapacity(like previous: ExhaustiveOrder) {
    let decisions = previous.path.count
    expectedDecisions = decisions
    nodes.reserveCapacity(decisions)
    path.reserveCapacity(decisions)
    footprints.reserveCapacity(decisions)
    nodeJobs.reserveCapacity(decisions * (previous.nodeJobs.count / max(previous.nodes.count, 1) + 1))
    mirror.reserveCapacity(like: previous.mirror)
  }

  mutating func choose(
    among readyTasks: UnsafeBufferPointer<UInt64>, actors: UnsafeBufferPointer<UInt>, step: Int, decision: Int
  ) -> Int {
    let seen = mirror.observe(readyTasks, actors: actors)
    if mirror.hasCallsApart {
      for (first, second) in mirror.takeCallsApart() {
        if let apart = callsApartKey(first, second) { learntApart.append(apart) }
      }
    }
    if isTracking, let job = seen.lastJob, let footprint = seen.lastFootprint {
      if let pending = pendingFootprint, pending.serial == job.serial {
        footprints.append((pending.decision, job.serial, footprint))
      }
      pendingFootprint = nil
      if mirror.lostTrack {
        sleep = []
      } else if !sleep.isEmpty {
        func staysAsleep(_ asleep: SleepEntry) -> Bool {
          guard asleep.serial != job.serial else { return false }
          if asleep.footprint.isIndependent(of: footprint, sleepingSince: asleep.decision) { return true }
          // Two calls into idle actors: perhaps seen apart (only then is the key worth making).
          guard case .toIdleActor = asleep.footprint, case .toIdleActor = footprint, !callsApart.isEmpty,
            let key = callsApartKey(asleep.serial, job.serial), callsApart.contains(key)
          else { return false }
          return asleep.footprint.isIndependent(of: footprint, sleepingSince: asleep.decision, callsApart: true)
        }
        // A new array only when a job wakes (the nodes share the sleep set's buffer).
        if let woken = sleep.firstIndex(where: { !staysAsleep($0) }) {
          var kept = Array(sleep[..<woken])
          for asleep in sleep[(woken + 1)...] where staysAsleep(asleep) { kept.append(asleep) }
          sleep = kept
        }
      }
    }
    let index = ending == nil ? pick(decision: decision) : 0
    mirror.choose(index)
    return index
  }

  /// The key of two jobs' calls in ``callsApart``: the decisions up to the later one's showing
  /// (from there on, every run has both, under the same serial numbers). Only while pruning (the
  /// mirror keeps when jobs showed only then).
  private func callsApartKey(_ one: Int, _ other: Int) -> ActorCallsApart? {
    let born = max(mirror.born[one], mirror.born[other])
    guard born <= path.count else { return nil }
    return ActorCallsApart(path: Array(path[..<born]), first: min(one, other), second: max(one, other))
  }

  private mutating func pick(decision: Int) -> Int {
    guard mirror.ready.count > 1 else {
      if isTracking, pruning, sleep.contains(where: { $0.serial == mirror.ready[0].serial }) { ending = .redundant }
      return 0
    }
    if decision < prefix.count {
      var index = prefix[decision]
      if index >= mirror.ready.count {
        diverged = true
        index = 0
      }
      if mirror.isPreemption(choosing: index) { preemptions += 1 }
      path.append(index)
      if decision == prefix.count - 1 {
        isTracking = true
        sleep = branchSleep
        pendingFootprint = (decision, mirror.ready[index].serial)
      }
      return index
    }
    guard let index = mirror.continuing(avoiding: pruning ? sleep : []) else {
      ending = .redundant
      return 0
    }
    let preempts = mirror.isPreemption(choosing: index)
    let firstJob = nodeJobs.count
    nodeJobs.append(contentsOf: mirror.ready)
    nodes.append(
      Node(
        decision: decision, jobs: firstJob..<nodeJobs.count, currentTask: mirror.currentTask,
        asleep: pruning ? sleep : [], chosen: index, preemptionsBefore: preemptions))
    path.append(index)
    if preempts {
      preemptions += 1
      if preemptions > bound {
        ending = .cut
        deferred = (path, preemptions, sleep)
        return index
      }
    }
    pendingFootprint = (decision, mirror.ready[index].serial)
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
