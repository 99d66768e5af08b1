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

  private struct Branch {
    let prefix: BranchPrefix
    let sleep: [SleepEntry]
    /// Siblings explored before it, asleep in it once their footprints are known.
    let earlierSiblings: [Sibling]
    /// Its key in the footprint table: its run records there what its branch job touched.
    let footprint: Int
  }

  /// Runs the search; `note` sees every run's order (for the report's numbers).
  func run(noting note: (JobOrder<ExhaustiveOrder>) -> Void) async -> Outcome {
    var outcome = Outcome()
    var rounds = Array(repeating: [Branch](), count: preemptionBound + 1)
    rounds[0] = [Branch(prefix: .empty, sleep: [], earlierSiblings: [], footprint: 0)]
    // By key, the index (not by node path and serial: hashing paths cost more than the rest of
    // a run's bookkeeping); key 0 is no one's.
    var footprints: [JobFootprint?] = [nil]
    var callsApart = Set<ActorCallsApart>()
    for round in 0...preemptionBound {
      while let branch = rounds[round].popLast() {
        guard outcome.runs < maxSchedules, deadline.map({ ContinuousClock.now < $0 }) ?? true else { return outcome }
        outcome.runs += 1
        var sleep = branch.sleep
        for sibling in branch.earlierSiblings {
          if let footprint = footprints[sibling.footprint] {
            sleep.append(SleepEntry(serial: sibling.serial, footprint: footprint, decision: branch.prefix.count - 1))
          }
        }
        let candidate = await runSchedule(
          ExhaustiveOrder(
            prefix: branch.prefix, branchSleep: sleep, bound: round, pruning: pruning, callsApart: callsApart))
        note(candidate.order)
        if candidate.run.failed {
          outcome.failure = candidate
          return outcome
        }
        let policy = candidate.order.finalPolicy
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
            cutKey = footprints.count
            footprints.append(nil)
            rounds[deferred.preemptions].append(
              Branch(
                prefix: BranchPrefix(deferred.prefix, upTo: deferred.prefix.count - 1, then: deferred.prefix.last ?? 0),
                sleep: deferred.sleep, earlierSiblings: [], footprint: cutKey ?? 0))
          }
        }
        for (offset, node) in policy.nodes.enumerated() {
          let key = offset == policy.nodes.count - 1 ? cutKey : nil
          outcome.pruned += queueBranches(
            at: node, path: policy.path, round: round, chosen: (key, touched(at: node.decision)),
            footprints: &footprints, into: &rounds)
        }
      }
    }
    outcome.isComplete = true
    return outcome
  }

  /// Queues the other branches of `node` (the run took `node.chosen`) in the rounds of their
  /// preemption counts; returns how many were skipped as asleep.
  /// `chosen`: where the footprint of the job the run chose there is kept, if decided already,
  /// and the footprint, if known (kept in `footprints` under a new key once a branch needs it);
  /// `footprints`: the footprint table, which gives each branch queued a key.
  private func queueBranches(
    at node: ExhaustiveOrder.Node, path: [Int], round: Int, chosen: (key: Int?, footprint: JobFootprint?),
    footprints: inout [JobFootprint?], into rounds: inout [[Branch]]
  ) -> Int {
    let chosenCost = node.preemptionsBefore + (node.isPreemption(node.chosen) ? 1 : 0)
    var earlier: [(job: Sibling, cost: Int)] = []
    var branches: [(round: Int, branch: Branch)] = []
    var skipped = 0
    for index in node.ready.indices where index != node.chosen {
      let cost = node.preemptionsBefore + (node.isPreemption(index) ? 1 : 0)
      guard cost <= preemptionBound else { continue }
      let serial = node.ready[index].serial
      if node.asleep.contains(where: { $0.serial == serial }) {
        skipped += 1
        continue
      }
      if earlier.isEmpty {
        var key = chosen.key ?? 0
        if key == 0, let footprint = chosen.footprint {
          key = footprints.count
          footprints.append(footprint)
        }
        earlier.append((Sibling(serial: node.ready[node.chosen].serial, footprint: key), chosenCost))
      }
      // A sibling with more preemptions has less room below it: its branches need not cover
      // this one's reorderings within the bound, so only cheaper or equal ones sleep here.
      var siblings: [Sibling] = []
      for sibling in earlier where sibling.cost <= cost { siblings.append(sibling.job) }
      let key = footprints.count
      footprints.append(nil)
      branches.append(
        (
          max(cost, round),
          Branch(
            prefix: BranchPrefix(path, upTo: node.decision, then: index), sleep: node.asleep, earlierSiblings: siblings,
            footprint: key)
        ))
      earlier.append((Sibling(serial: serial, footprint: key), cost))
    }
    // Last first: the first sibling is popped (and run) first, so its footprint is known when
    // the next one is run.
    for (round, branch) in branches.reversed() { rounds[round].append(branch) }
    return skipped
  }
}
