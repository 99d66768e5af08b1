import HarnessIssues

/// Chooses which of a world's ready jobs runs next, while the world explores interleavings.
///
/// Called under the follower's lock, once per job, with the tasks of the ready jobs (indexed
/// from the slice's `startIndex`) in the order they became ready (0 for a job that belongs to no task: an actor's processing job, the second
/// half of a `Task.yield()`). Returns an index into `readyTasks`. Task ids differ from one run to
/// the next; a choice that must be replayed is recorded as an index, never as an id.
package protocol JobChooser: AnyObject {
  /// Returns an offset from `readyTasks.startIndex`.
  func chooseNext(among readyTasks: ArraySlice<UInt64>) -> Int
}

/// How one explored run of a body ended.
package enum ExploredRunOutcome: Sendable {
  /// The body returned (or threw `error`) and its world's jobs settled.
  case finished(error: (any Error)?)
  /// No followed job was ready for the stall patience and the body had not returned: a
  /// deadlock among followed tasks, or a wait on work the follower cannot see. `report` lists
  /// the tasks of the run. The run was abandoned: its tasks never run again.
  case stalled(report: String)
}

/// What a world that runs one explored body knows about it. Guarded by ``FollowedWork``'s lock
/// (so its busiest fields skip the runtime's exclusivity checks).
final class Exploration {
  /// `nil` once the run stalled: its jobs then run first in, first out.
  @exclusivity(unchecked) var chooser: (any JobChooser)?
  /// Whether the run stalled (and was reported) already.
  var hasStalled = false
  /// How long the run may have no ready job, with its body unfinished, before it counts as stalled.
  let stallPatience: Duration
  /// The task waiting for the run (0 when it waits on the main actor).
  var driverTask: UInt64 = 0
  /// The body's task, once its first job was taken.
  var bodyTask: UInt64 = 0
  /// How the body ended, once it did.
  @exclusivity(unchecked) var bodyResult: Result<Void, any Error>?
  /// Since when no job of the world has been queued or running.
  @exclusivity(unchecked) var idleSince: JobTime?
  /// Resumed once, with the outcome.
  var continuation: CheckedContinuation<ExploredRunOutcome, Never>?
  /// Tasks of the run, in order of their first job, with the task whose job started each. (Not
  /// the source line: on Linux a test binary's symbols are not visible to `dladdr`.)
  @exclusivity(unchecked) var tasks: [(id: UInt64, startedBy: UInt64?)] = []
  @exclusivity(unchecked) var knownTasks: Set<UInt64> = []

  init(chooser: any JobChooser, stallPatience: Duration) {
    self.chooser = chooser
    self.stallPatience = stallPatience
  }

  /// Notes a task seen for the first time, started by a job of `creator` (the calling code).
  func noteTask(_ task: UInt64, startedBy creator: UInt64?) {
    guard task != 0, knownTasks.insert(task).inserted else { return }
    tasks.append((task, creator))
  }

  /// The stall report: which tasks ran, where each was created, and where the ones sleeping on
  /// a test clock sleep.
  func stallReport(sleepSites: [UInt64: SourceCodeLocation], sleeping: Set<UInt64>) -> String {
    var lines: [String] = []
    let numbers = Dictionary(tasks.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    func name(_ task: UInt64) -> String {
      task == bodyTask ? "the body" : numbers[task].map { "task \($0)" } ?? "a task from outside the run"
    }
    for task in tasks.prefix(12) {
      var line = "  • \(name(task.id))"
      if task.id != bodyTask {
        if let creator = task.startedBy, creator != 0 { line += ", started by \(name(creator))" }
      }
      if sleeping.contains(task.id), let site = sleepSites[task.id] {
        line += ", sleeping on a test clock at \(site.fileID):\(site.line)"
      }
      lines.append(line)
    }
    if tasks.count > 12 { lines.append("  … and \(tasks.count - 12) more") }
    return lines.joined(separator: "\n")
  }
}

/// The follower's entry point for exploring interleavings (`HarnessInterleavings` drives it).
package enum ExploredRun {
  /// Runs `body` as the first task of a new world whose jobs run one at a time in the order
  /// `chooser` picks. See `FollowedWork.runExplored`.
  ///
  /// A run that stalls is abandoned (`.stalled`), unless `onStall` is given: then `onStall`
  /// gets the stall report in the caller's task (`again` false), the run's jobs go on first in,
  /// first out, and the call waits for the body to finish (for a body that must not outlive the
  /// call). If it stalls again for the patience, `onStall` hears so (`again` true) before the
  /// call returns `.stalled` with the body still suspended: the caller must not let it go on.
  package static func run(
    chooser: any JobChooser,
    stallPatience: Duration,
    testID: String?,
    onStall: ((_ report: String, _ again: Bool) -> Void)? = nil,
    _ body: @escaping @Sendable () async throws -> Void
  ) async -> ExploredRunOutcome {
    await FollowedWork.shared.runExplored(
      chooser: chooser, stallPatience: stallPatience, testID: testID, onStall: onStall, body)
  }
}
