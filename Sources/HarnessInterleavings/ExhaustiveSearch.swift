/// Bounded exhaustive exploration: every schedule with at most `preemptionBound` preemptions,
/// those with fewer first (iterative context bounding, Musuvathi & Qadeer, PLDI 2007), skipping
/// schedules that only reorder independent jobs of one explored already (sleep sets, with
/// ``JobFootprint`` as the independence relation).
///
/// Stateless: each schedule is a fresh run that follows a prefix of decisions to its branch
/// point and goes on without preempting. Branches that cost no more preemptions than the
/// current round join it; the others wait for the round of their count.
struct ExhaustiveSearch {
  typealias Candidate = (run: InterleavingExplorer.Run, order: JobOrder<ExhaustiveOrder>)

  let preemptionBound: Int
  let maxSchedules: Int
  let pruning: Bool
  /// When the search stops, not complete, if it has not ended before.
  var deadline: ContinuousClock.Instant?
  /// Runs the operation once in `order`'s order.
  let runSchedule: (_ order: ExhaustiveOrder) async -> Candidate

  struct Outcome {
    /// Runs that went to the end as new schedules.
    var explored = 0
    /// Branches skipped as reorderings of explored schedules, and runs that turned out to be.
    var pruned = 0
    /// Runs started (the cap counts these).
    var runs = 0
    /// The first run that failed.
    var failure: Candidate?
    /// Whether every branch within the bound was explored or pruned.
    var isComplete = false
  }

  /// A job at a node explored before a branch of the node: its serial number, and where its
  /// footprint there is kept once known (a key of the search's footprint table).
  private struct Sibling {
    let serial: Int
    let footprint: Int
  }

  /// A sibling at a node, with the preemptions a branch that runs it takes up to there.
  private struct CostedSibling {
    let job: Sibling
    let cost: Int
    /// Its index among the node's ready jobs.
    let index: Int
  }

  private struct Branch {
    let prefix: BranchPrefix
    let sleep: [SleepEntry]
    /// Its node's siblings in the order they run (the job the node's run chose first), shared by
    /// the node's branches: those before this branch's own (`earlierCount`) whose cost is no
    /// higher than `cost` sleep in it once their footprints are known.
    let siblings: [CostedSibling]
    let earlierCount: Int
    let cost: Int
    /// Its key in the footprint table: its run records there what its branch job touched.
    let footprint: Int

    /// A branch that no sibling explored before it: the first run's, and a cut run's rest.
    static func withoutSiblings(prefix: BranchPrefix, sleep: [SleepEntry], footprint: Int) -> Branch {
      Branch(prefix: prefix, sleep: sleep, siblings: [], earlierCount: 0, cost: 0, footprint: footprint)
    }
  }

  /// Runs the search; `note` sees every run's order (for the report's numbers).
  func run(noting note: (JobOrder<ExhaustiveOrder>) -> Void) async -> Outcome {
    var outcome = Outcome()
    var rounds = Array(repeating: [Branch](), count: preemptionBound + 1)
    rounds[0] = [.withoutSiblings(prefix: .empty, sleep: [], footprint: 0)]
    // By key, the index (not by node path and serial: hashing paths cost more than the rest of
    // a run's bookkeeping); key 0 is no one's.
    var footprints: [JobFootprint?] = [nil]
    var callsApart = Set<ActorCallsApart>()
    // The last run's order, whose sizes the next one's arrays start with.
    var previous: ExhaustiveOrder?
    // Whether a branch was left out of a round the cap keeps the search from reaching.
    var leftOut = false
    for round in 0...preemptionBound {
      while let branch = rounds[round].popLast() {
        guard outcome.runs < maxSchedules, deadline.map({ ContinuousClock.now < $0 }) ?? true else { return outcome }
        outcome.runs += 1
        var sleep = branch.sleep
        // A sibling with more preemptions has less room below it: its branches need not cover
        // this one's reorderings within the bound, so only cheaper or equal ones sleep here.
        for sibling in branch.siblings[..<branch.earlierCount] where sibling.cost <= branch.cost {
          if let footprint = footprints[sibling.job.footprint] {
            sleep.append(SleepEntry(serial: sibling.job.serial, footprint: footprint, decision: branch.prefix.count - 1))
          }
        }
        var order = ExhaustiveOrder(
          prefix: branch.prefix, branchSleep: sleep, bound: round, pruning: pruning, callsApart: callsApart)
        if let previous { order.reserveCapacity(like: previous) }
        let candidate = await runSchedule(order)
        note(candidate.order)
        if candidate.run.failed {
          outcome.failure = candidate
          return outcome
        }
        let policy = candidate.order.finalPolicy
        previous = policy
        callsApart.formUnion(policy.learntApart)
        // What the job chosen at each decision from the branch point on touched there, in order
        // of decision: read in step with the nodes.
        let recorded = policy.footprints
        var nextRecord = 0
        func touched(at decision: Int) -> JobFootprint? {
          while nextRecord < recorded.count, recorded[nextRecord].decision < decision { nextRecord += 1 }
          return nextRecord < recorded.count && recorded[nextRecord].decision == decision
            ? recorded[nextRecord].footprint : nil
        }
        if branch.footprint != 0, let footprint = touched(at: branch.prefix.count - 1) {
          footprints[branch.footprint] = footprint
        }
        // The node a cut run stopped at: the footprint of the job chosen there is known once the
        // branch deferred there has run.
        var cutKey: Int?
        switch policy.ending {
        case nil: outcome.explored += 1
        case .redundant: outcome.pruned += 1
        case .cut:
          if let deferred = policy.deferred, deferred.preemptions <= preemptionBound {
            guard Self.canReach(deferred.preemptions, in: rounds, runsLeft: maxSchedules - outcome.runs) else {
              leftOut = true
              break
            }
            cutKey = footprints.count
            footprints.append(nil)
            rounds[deferred.preemptions].append(
              .withoutSiblings(
                prefix: BranchPrefix(deferred.prefix, upTo: deferred.prefix.count - 1, then: deferred.prefix.last ?? 0),
                sleep: deferred.sleep, footprint: cutKey ?? 0))
          }
        }
        for (offset, node) in policy.nodes.enumerated() {
          let key = offset == policy.nodes.count - 1 ? cutKey : nil
          outcome.pruned += queueBranches(
            at: node, jobs: policy.nodeJobs, path: policy.path, round: round, chosen: (key, touched(at: node.decision)),
            runsLeft: maxSchedules - outcome.runs, footprints: &footprints, into: &rounds, leftOut: &leftOut)
        }
      }
    }
    outcome.isComplete = !leftOut
    return outcome
  }

  /// Whether a branch queued in round `round` can still run within `runsLeft` runs: every
  /// branch queued in an earlier round runs first, one run each. (A search with a small cap, as
  /// shrinking's, would otherwise queue thousands of branches of later rounds a run, to drop them
  /// all at the end.)
  private static func canReach(_ round: Int, in rounds: [[Branch]], runsLeft: Int) -> Bool {
    var earlier = 0
    for queued in rounds[..<round] {
      earlier += queued.count
      if earlier >= runsLeft { return false }
    }
    return earlier < runsLeft
  }

  /// Queues the other branches of `node` (the run took `node.chosen`) in the rounds of their
  /// preemption counts (those the cap leaves room for: see ``canReach(_:in:runsLeft:)``; else it
  /// sets `leftOut`); returns how many were skipped as asleep.
  /// `chosen`: where the footprint of the job the run chose there is kept, if decided already,
  /// and the footprint, if known (kept in `footprints` under a new key once a branch needs it);
  /// `footprints`: the footprint table, which gives each branch queued a key.
  private func queueBranches(
    at node: ExhaustiveOrder.Node, jobs: [ReadyJobMirror.Job], path: [Int], round: Int,
    chosen: (key: Int?, footprint: JobFootprint?), runsLeft: Int, footprints: inout [JobFootprint?],
    into rounds: inout [[Branch]], leftOut: inout Bool
  ) -> Int {
    let ready = node.ready(in: jobs)
    // Whether the rounds of a branch without and with a preemption here can still be reached.
    let reachable = (
      withoutPreemption: Self.canReach(max(node.preemptionsBefore, round), in: rounds, runsLeft: runsLeft),
      withPreemption: Self.canReach(max(node.preemptionsBefore + 1, round), in: rounds, runsLeft: runsLeft)
    )
    // The job chosen, then each branch's in order: one array the node's branches share.
    var siblings: [CostedSibling] = []
    var skipped = 0
    for index in 0..<ready.count where index != node.chosen {
      let cost = node.preemptionsBefore + (node.isPreemption(index, in: jobs) ? 1 : 0)
      guard cost <= preemptionBound else { continue }
      let serial = ready[ready.startIndex + index].serial
      if node.asleep.contains(where: { $0.serial == serial }) {
        skipped += 1
        continue
      }
      // A branch the cap keeps from running is left out (it would never put a job to sleep).
      guard cost == node.preemptionsBefore ? reachable.withoutPreemption : reachable.withPreemption else {
        leftOut = true
        continue
      }
      if siblings.isEmpty {
        siblings.reserveCapacity(ready.count)
        var key = chosen.key ?? 0
        if key == 0, let footprint = chosen.footprint {
          key = footprints.count
          footprints.append(footprint)
        }
        let chosenCost = node.preemptionsBefore + (node.isPreemption(node.chosen, in: jobs) ? 1 : 0)
        siblings.append(
          CostedSibling(
            job: Sibling(serial: ready[ready.startIndex + node.chosen].serial, footprint: key), cost: chosenCost,
            index: node.chosen))
      }
      let key = footprints.count
      footprints.append(nil)
      siblings.append(CostedSibling(job: Sibling(serial: serial, footprint: key), cost: cost, index: index))
    }
    // Last first: the first sibling is popped (and run) first, so its footprint is known when
    // the next one is run.
    for position in siblings.indices.dropFirst().reversed() {
      let sibling = siblings[position]
      rounds[max(sibling.cost, round)].append(
        Branch(
          prefix: BranchPrefix(path, upTo: node.decision, then: sibling.index), sleep: node.asleep, siblings: siblings,
          earlierCount: position, cost: sibling.cost, footprint: sibling.job.footprint))
    }
    return skipped
  }
}
