import HarnessIssues

/// Chooses which of a world's ready jobs runs next, while the world explores interleavings.
///
/// Called under the exploring world's lock, once per job, with the tasks of the ready jobs in the order
/// they became ready (0 for a job that belongs to no task: an actor's processing job, the second
/// half of a `Task.yield()`), and beside them the actors of the actors' processing jobs (an
/// address; 0 for any other job, see ``JobActor``). Returns an index into `readyTasks`. Task ids
/// and actor addresses differ from one run to the next; a choice that must be replayed is
/// recorded as an index, never as an id.
package protocol JobChooser: AnyObject {
  /// Returns an index into `readyTasks` (views of the ready queue, valid for the call only;
  /// `actors` as long as `readyTasks`).
  func chooseNext(among readyTasks: UnsafeBufferPointer<UInt64>, actors: UnsafeBufferPointer<UInt>) -> Int
  /// Where the tasks of the runs were created, shared by the iterations of one exploration.
  var taskCreationSites: TaskCreationSites { get }
  /// Called once when a run ends, with how many tasks took part in it (the body's included).
  func runEnded(taskCount: Int)
  /// Whether ``runEnded(taskNames:)`` should be called: naming tasks looks up their creators'
  /// symbols, so only a run whose tasks a report describes asks for it.
  var wantsTaskNames: Bool { get }
  /// Called once when a run ends, if ``wantsTaskNames``: each task of the run, by id, named as a
  /// stall report names it (`the body`, `task 2, created in closure #1 in f()`).
  func runEnded(taskNames: [UInt64: String])
}

extension JobChooser {
  package func runEnded(taskCount: Int) {}
  package var wantsTaskNames: Bool { false }
  package func runEnded(taskNames: [UInt64: String]) {}
}

/// Where the tasks of an exploration's runs were created, by *creation path*: the body's second
/// task is path 1, the first task that one starts path 1.0. A task's own code is sequential, so
/// a path names the same creating code in every iteration (unless which tasks a task starts
/// depends on the order): the creating stack is unwound (about 2 µs, a seventh of an iteration)
/// only the first time a path is seen, so that stall reports name each task's creator at
/// almost no cost per iteration. Guarded by the lock of the world exploring (one at a time).
package final class TaskCreationSites: @unchecked Sendable {
  /// Keyed by the hashed path (see ``CreationPath``): no array per task.
  fileprivate var sites: [CreationPath: TaskCreationSite] = [:]

  package init() {}
}

/// A task's creation path, hashed: the body's is ``body``, the `index`th task started by a task
/// of path `p` has `p.child(index)`. (A collision would only misname a creator in a report; with
/// 64 bits among a run's few tasks it does not happen.)
struct CreationPath: Hashable {
  let hash: UInt64

  static let body = CreationPath(hash: 0x2545_F491_4F6C_DD1D)

  func child(_ index: Int) -> CreationPath {
    // SplitMix64's finaliser: neighbouring indices and parents land far apart.
    var z = hash &+ UInt64(truncatingIfNeeded: index &+ 1) &* 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return CreationPath(hash: z ^ (z >> 31))
  }
}

/// How one explored run of a body ended.
package enum ExploredRunOutcome: Sendable {
  /// The body returned (or threw `error`) and its world's jobs settled.
  case finished(error: (any Error)?)
  /// No job of the run was ready, running or due for the stall patience and the body had not
  /// returned: a deadlock among the run's tasks, or a wait on work outside the run. `report` lists
  /// the tasks of the run. The run was abandoned: its tasks never run again.
  case stalled(report: String)
  /// The run took more than `jobs` jobs without its body returning (a task spinning on
  /// `Task.yield()` that the order never lets another task release, or an endless loop of
  /// awaits): the step bound. `report` lists the tasks of the run. The run was abandoned.
  case exceededJobs(Int, report: String)

  /// Whether the run was abandoned before its body returned.
  package var wasAbandoned: Bool {
    switch self {
    case .finished: false
    case .stalled, .exceededJobs: true
    }
  }
}

/// What a world that runs one explored body knows about it. Guarded by its world's lock (so its
/// busiest fields skip the runtime's exclusivity checks).
final class Exploration {
  /// `nil` once the run stalled: its jobs then run first in, first out. Unowned (``ownChooser``
  /// keeps it), so that reading it once per job retains nothing.
  @exclusivity(unchecked) unowned(unsafe) var chooser: (any JobChooser)?
  private let ownChooser: any JobChooser
  /// Whether the run stalled or ran past its step bound (and was reported) already.
  var hasStalled = false
  /// The step bound: how many jobs the run may take before it counts as not returning.
  let maxJobs: Int
  /// Jobs run so far (since the run began, or since it was waited for again after a stall).
  @exclusivity(unchecked) var jobsRun = 0
  /// How long the run may have no ready job, with its body unfinished, before it counts as stalled.
  let stallPatience: Duration
  /// The task waiting for the run (0: none).
  var driver: UInt64 = 0
  /// The body's task, once its first job was taken.
  var bodyTask: UInt64 = 0
  /// How the body ended, once it did.
  @exclusivity(unchecked) var bodyResult: Result<Void, any Error>?
  /// Resumed once, with the outcome.
  var continuation: CheckedContinuation<ExploredRunOutcome, Never>?
  /// Tasks of the run, in order of their first job, with the task whose job started each and
  /// the code that created it.
  @exclusivity(unchecked) var tasks: [(id: UInt64, startedBy: UInt64?, createdAt: TaskCreationSite?)] = []
  /// Per task of the run: its creation path (the body's, or one below its creator's when that
  /// is known) and how many tasks it started. One table, so noting a task costs one hash lookup.
  @exclusivity(unchecked) private var known: [UInt64: (path: CreationPath?, started: Int)] = [:]

  /// The tasks of the run.
  var knownTasks: Dictionary<UInt64, (path: CreationPath?, started: Int)>.Keys { known.keys }

  /// See ``TaskCreationSites``.
  private let creationSites: TaskCreationSites

  init(chooser: any JobChooser, stallPatience: Duration, maxJobs: Int) {
    self.maxJobs = maxJobs
    self.chooser = chooser
    ownChooser = chooser
    creationSites = chooser.taskCreationSites
    self.stallPatience = stallPatience
    // Room for a typical run's tasks at once, rather than a rehash at every doubling.
    known.reserveCapacity(8)
    tasks.reserveCapacity(8)
  }

  /// Notes a task seen for the first time, started by a job of `creator` (the calling code,
  /// whose stack then shows where the task was created), and returns where it was created, when
  /// known. The first task of the run is its body.
  @discardableResult
  func noteTask(_ task: UInt64, startedBy creator: UInt64?) -> TaskCreationSite? {
    guard task != 0, known[task] == nil else { return nil }
    if bodyTask == 0 { bodyTask = task }
    var path: CreationPath? = task == bodyTask ? .body : nil
    var site: TaskCreationSite?
    if let creator, let record = known[creator], let creatorPath = record.path {
      known[creator]?.started += 1
      let taskPath = creatorPath.child(record.started)
      path = taskPath
      if let seen = creationSites.sites[taskPath] {
        site = seen
      } else {
        site = TaskCreationSite.capture()
        creationSites.sites[taskPath] = site
      }
    }
    known[task] = (path, 0)
    tasks.append((task, task == bodyTask ? nil : creator, site))
    return site
  }

  /// Each task of the run, by id, named as ``stallReport(sleepSites:sleeping:)`` names it.
  func taskNames() -> [UInt64: String] {
    var names: [UInt64: String] = [:]
    for (number, task) in tasks.enumerated() {
      if task.id == bodyTask {
        names[task.id] = "the body"
      } else {
        names[task.id] = "task \(number)" + (task.createdAt?.functionName.map { ", created in \($0)" } ?? "")
      }
    }
    return names
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
        if let function = task.createdAt?.functionName { line += ", created in \(function)" }
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

/// The engine's entry point for exploring interleavings (`HarnessInterleavings` drives it).
package enum ExploredRun {
  /// Runs `body` as the first task of a new world whose jobs run one at a time in the order
  /// `chooser` picks. See `Engine.runExplored`.
  ///
  /// A run that stalls, or takes more than `maxJobs` jobs, is abandoned (`.stalled`,
  /// `.exceededJobs`), unless `onStall` is given: then `onStall` gets the outcome in the caller's
  /// task (`again` false), the run's jobs go on first in, first out, and the call waits for the
  /// body to finish (for a body that must not outlive the call). If it stalls again for the
  /// patience, or runs another `maxJobs` jobs, `onStall` hears so (`again` true) before the call
  /// returns with the body still suspended: the caller must not let it go on.
  package static func run(
    chooser: any JobChooser,
    stallPatience: Duration,
    maxJobs: Int = 100_000,
    testID: String?,
    onStall: ((_ outcome: ExploredRunOutcome, _ again: Bool) -> Void)? = nil,
    _ body: @escaping @Sendable () async throws -> Void
  ) async -> ExploredRunOutcome {
    await Engine.process.runExplored(
      chooser: chooser, stallPatience: stallPatience, testID: testID, maxJobs: maxJobs, onStall: onStall, body)
  }
}
