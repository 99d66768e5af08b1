import HarnessClocks
import HarnessRuntime
import HarnessDependencies

/// What the explorer reads of an iteration's job order once the iteration ran.
package protocol RecordedJobOrder: JobChooser {
  /// The decisions taken: how many jobs were ready, and which ran.
  var decisions: [Schedule.Decision] { get }
  /// Steps taken, decisions or not.
  var steps: Int { get }
  /// What a replay found that did not fit, if anything.
  var divergence: String? { get }
  /// How many tasks took part in the run, once it ended.
  var taskCount: Int { get }
}

/// One iteration's choice of the next job: a strategy's policy, recording every decision (a step
/// with more than one ready job) so that the iteration can be replayed.
///
/// Called under the exploring world's lock and read by the driver after the run: its fields skip the
/// runtime's exclusivity checks. Generic over the policy, which it stores inline: choosing is a
/// direct call, with no existential box to project once per job.
final class JobOrder<Policy: JobOrderPolicy>: RecordedJobOrder {
  @exclusivity(unchecked) private var policy: Policy
  @exclusivity(unchecked) private(set) var decisions: [Schedule.Decision] = []
  @exclusivity(unchecked) private(set) var steps = 0
  private(set) var taskCount = 0
  /// The run's tasks by id, named, once it ended (only when asked for: ``wantsTaskNames``).
  private(set) var taskNames: [UInt64: String] = [:]
  let wantsTaskNames: Bool

  /// The policy, as it stands after the run (what it recorded).
  var finalPolicy: Policy { policy }

  /// Where tasks were created, shared by the iterations of one exploration.
  let taskCreationSites: TaskCreationSites

  init(_ policy: Policy, creationSites: TaskCreationSites, namingTasks: Bool = false) {
    self.policy = policy
    taskCreationSites = creationSites
    wantsTaskNames = namingTasks
    decisions.reserveCapacity(policy.expectedDecisions)
  }

  func chooseNext(among readyTasks: UnsafeBufferPointer<UInt64>, actors: UnsafeBufferPointer<UInt>) -> Int {
    steps += 1
    let index = policy.choose(among: readyTasks, actors: actors, step: steps, decision: decisions.count)
    if readyTasks.count > 1 {
      decisions.append(Schedule.Decision(readyCount: readyTasks.count, chosen: index))
    }
    return index
  }

  var divergence: String? { policy.divergence(decisionsTaken: decisions.count) }

  func runEnded(taskCount: Int) {
    self.taskCount = taskCount
  }

  func runEnded(taskNames: [UInt64: String]) {
    self.taskNames = taskNames
  }
}

/// A strategy's rule for one iteration.
protocol JobOrderPolicy {
  /// The index of the job to run among `readyTasks` (at least one; `actors` beside them, see
  /// ``JobChooser``), at step `step` (from 1), `decision` decisions (steps with a choice) having
  /// been taken before.
  mutating func choose(
    among readyTasks: UnsafeBufferPointer<UInt64>, actors: UnsafeBufferPointer<UInt>, step: Int, decision: Int
  ) -> Int
  /// For a replay: why the run did not follow the recorded schedule, if it did not.
  func divergence(decisionsTaken: Int) -> String?
  /// How many decisions the run is likely to take (a replay's, a search run's like the last),
  /// to make room for at once; 0 if unknown.
  var expectedDecisions: Int { get }
}

extension JobOrderPolicy {
  func divergence(decisionsTaken: Int) -> String? { nil }
  var expectedDecisions: Int { 0 }
}

/// `.random`: a ready job chosen uniformly at random at every step.
struct RandomOrder: JobOrderPolicy {
  var generator: SeededRandomNumberGenerator

  init(seed: UInt64) {
    generator = SeededRandomNumberGenerator(seed: seed)
  }

  mutating func choose(
    among readyTasks: UnsafeBufferPointer<UInt64>, actors: UnsafeBufferPointer<UInt>, step: Int, decision: Int
  ) -> Int {
    readyTasks.count == 1 ? 0 : Int.random(in: 0..<readyTasks.count, using: &generator)
  }
}

/// `.pct(depth:)`: each task gets a random priority when first seen (independent random keys
/// order the tasks as a uniformly random permutation); the ready job of the highest-priority
/// task runs; at each of `depth − 1` change points, drawn uniformly among the steps the
/// iteration is expected to take, the task that just ran drops below every task (later change
/// points lower still).
///
/// A task that keeps the highest priority while it waits for another by yielding (`while !done {
/// await Task.yield() }`) would run forever, since the task it waits for never gets a turn
/// (with `depth: 1` nothing else ever lowers it). So, as shuttle's PCT does for yields, a task
/// that wins while another task has been ready and passed over for ``starvationLimit``
/// decisions is lowered below every task; this is rare enough (typical iterations take about a
/// hundred steps) to leave the strategy's bound intact for real bugs.
struct PriorityChangeOrder: JobOrderPolicy {
  /// Decisions a ready task may be passed over before the task winning them is lowered.
  static let starvationLimit = 1_000

  private struct TaskState {
    /// Random and non-negative; a lowered task's is negative, the latest lowered lowest.
    var priority: Int
    /// The decision at which the task's waiting began (it was ready and not chosen), or -1.
    var readySince = -1
  }

  private var generator: SeededRandomNumberGenerator
  private var tasks: [UInt64: TaskState] = [:]
  private var changePoints: Set<Int>
  private var lowered = 0

  init(seed: UInt64, depth: Int, expectedSteps: Int) {
    generator = SeededRandomNumberGenerator(seed: seed)
    var points = Set<Int>()
    let steps = max(expectedSteps, depth)
    while points.count < depth - 1 {
      points.insert(Int.random(in: 1...steps, using: &generator))
    }
    changePoints = points
  }

  mutating func choose(
    among readyTasks: UnsafeBufferPointer<UInt64>, actors: UnsafeBufferPointer<UInt>, step: Int, decision: Int
  ) -> Int {
    var best = 0
    var bestPriority = Int.min
    var longestWait = 0
    let isDecision = readyTasks.count > 1
    for (offset, task) in readyTasks.enumerated() {
      let priority: Int
      if let known = tasks[task] {
        priority = known.priority
        if isDecision, task != 0 {
          if known.readySince < 0 {
            tasks[task]?.readySince = decision
          } else {
            longestWait = max(longestWait, decision - known.readySince)
          }
        }
      } else {
        priority = Int(generator.next() >> 1)
        tasks[task] = TaskState(priority: priority, readySince: isDecision && task != 0 ? decision : -1)
      }
      if priority > bestPriority {
        best = offset
        bestPriority = priority
      }
    }
    let chosen = readyTasks[best]
    tasks[chosen]?.readySince = -1
    if changePoints.contains(step) || longestWait >= Self.starvationLimit {
      lowered += 1
      tasks[chosen]?.priority = -lowered
    }
    return best
  }
}

/// A replay: the recorded decisions, in order; notes the first place the run no longer fits.
struct ReplayOrder: JobOrderPolicy {
  let recorded: [Schedule.Decision]
  private(set) var mismatch: String?
  /// Every step of the run, for comparing runs of the same schedule (``ReplayTrace``).
  private(set) var trace: ReplayTrace

  /// `driver`: the task waiting for the run, which the trace leaves out.
  init(_ schedule: Schedule, driver: UInt64 = 0) {
    recorded = schedule.decisions
    trace = ReplayTrace(ignoring: driver)
  }

  mutating func choose(
    among readyTasks: UnsafeBufferPointer<UInt64>, actors: UnsafeBufferPointer<UInt>, step: Int, decision: Int
  ) -> Int {
    let index = chooseRecorded(among: readyTasks, decision: decision)
    trace.note(readyTasks, chosen: index)
    return index
  }

  private mutating func chooseRecorded(among readyTasks: UnsafeBufferPointer<UInt64>, decision: Int) -> Int {
    guard readyTasks.count > 1 else { return 0 }
    guard decision < recorded.count else {
      if mismatch == nil {
        mismatch = "the run needed more decisions than the \(recorded.count) the schedule recorded"
      }
      return 0
    }
    let expected = recorded[decision]
    if expected.readyCount != readyTasks.count, mismatch == nil {
      mismatch = """
        at decision \(decision + 1) of \(recorded.count) the schedule recorded \(expected.readyCount) ready \
        jobs, the run had \(readyTasks.count)
        """
    }
    return min(expected.chosen, readyTasks.count - 1)
  }

  func divergence(decisionsTaken: Int) -> String? {
    if let mismatch { return mismatch }
    if decisionsTaken < recorded.count {
      return "the run ended after \(decisionsTaken) of the \(recorded.count) decisions the schedule recorded"
    }
    return nil
  }
}
