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

  /// A job at a node: the decisions leading to the node, and the job's serial number.
  private struct NodeJob: Hashable {
    let path: [Int]
    let serial: Int
  }

  private struct Branch {
    let prefix: [Int]
    let sleep: [SleepEntry]
    /// Siblings explored before it, asleep in it once their footprints are known.
    let earlierSiblings: [NodeJob]
  }

  /// Runs the search; `note` sees every run's order (for the report's numbers).
  func run(noting note: (JobOrder<ExhaustiveOrder>) -> Void) async -> Outcome {
    var outcome = Outcome()
    var rounds = Array(repeating: [Branch](), count: preemptionBound + 1)
    rounds[0] = [Branch(prefix: [], sleep: [], earlierSiblings: [])]
    var footprints: [NodeJob: JobFootprint] = [:]
    var callsApart = Set<ActorCallsApart>()
    for round in 0...preemptionBound {
      while let branch = rounds[round].popLast() {
        guard outcome.runs < maxSchedules, deadline.map({ ContinuousClock.now < $0 }) ?? true else { return outcome }
        outcome.runs += 1
        var sleep = branch.sleep
        for sibling in branch.earlierSiblings {
          if let footprint = footprints[sibling] {
            sleep.append(SleepEntry(serial: sibling.serial, footprint: footprint, decision: sibling.path.count))
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
        for record in policy.footprints {
          footprints[NodeJob(path: Array(policy.path[..<record.decision]), serial: record.serial)] = record.footprint
        }
        switch policy.ending {
        case nil: outcome.explored += 1
        case .redundant: outcome.pruned += 1
        case .cut:
          if let deferred = policy.deferred, deferred.preemptions <= preemptionBound {
            rounds[deferred.preemptions].append(Branch(prefix: deferred.prefix, sleep: deferred.sleep, earlierSiblings: []))
          }
        }
        for node in policy.nodes {
          outcome.pruned += queueBranches(at: node, path: policy.path, round: round, into: &rounds)
        }
      }
    }
    outcome.isComplete = true
    return outcome
  }

  /// Queues the other branches of `node` (the run took `node.chosen`) in the rounds of their
  /// preemption counts; returns how many were skipped as asleep.
  private func queueBranches(
    at node: ExhaustiveOrder.Node, path: [Int], round: Int, into rounds: inout [[Branch]]
  ) -> Int {
    let base = Array(path[..<node.decision])
    let asleep = Set(node.asleep.map(\.serial))
    let chosenCost = node.preemptionsBefore + (node.isPreemption(node.chosen) ? 1 : 0)
    var earlier: [(job: NodeJob, cost: Int)] = [(NodeJob(path: base, serial: node.ready[node.chosen].serial), chosenCost)]
    var branches: [(round: Int, branch: Branch)] = []
    var skipped = 0
    for index in node.ready.indices where index != node.chosen {
      let cost = node.preemptionsBefore + (node.isPreemption(index) ? 1 : 0)
      guard cost <= preemptionBound else { continue }
      let job = NodeJob(path: base, serial: node.ready[index].serial)
      if asleep.contains(job.serial) {
        skipped += 1
        continue
      }
      // A sibling with more preemptions has less room below it: its branches need not cover
      // this one's reorderings within the bound, so only cheaper or equal ones sleep here.
      let siblings = earlier.filter { $0.cost <= cost }.map(\.job)
      branches.append((max(cost, round), Branch(prefix: base + [index], sleep: node.asleep, earlierSiblings: siblings)))
      earlier.append((job, cost))
    }
    // Last first: the first sibling is popped (and run) first, so its footprint is known when
    // the next one is run.
    for (round, branch) in branches.reversed() { rounds[round].append(branch) }
    return skipped
  }
}
