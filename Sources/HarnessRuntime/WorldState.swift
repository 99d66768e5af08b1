import HarnessIssues

extension World {
  /// A world's life cycle (see DESIGN.md, "The life of a test's world").
  package enum Phase: Sendable, Equatable {
    /// Its test runs: jobs of its tasks run on its executor, one at a time.
    case open
    /// Its test has ended: jobs of its tasks that come late run where they would have run without
    /// Harness (the generic executor, the real main actor).
    case ended
    /// An explored run given up (a stall, the step bound): none of its tasks runs again, since
    /// they may hold what the caller frees next.
    case abandoned
  }

  /// What the world's executor is doing.
  enum Activity: Equatable {
    case idle
    /// Running a job of `task` (0: a job of no task) since `since`, on the main queue when
    /// `onMain`.
    case running(task: UInt64, since: JobTime, onMain: Bool)

    var isIdle: Bool { self == .idle }

    static func == (lhs: Activity, rhs: Activity) -> Bool {
      switch (lhs, rhs) {
      case (.idle, .idle): true
      case let (.running(a, s, m), .running(b, t, n)): a == b && s.nanoseconds == t.nanoseconds && m == n
      default: false
      }
    }
  }

  /// What the world knows of one of its live tasks.
  struct Member {
    /// The task. Valid while it is a member: a task leaves the world as it completes, before the
    /// runtime frees it.
    var task: UnsafeRawPointer?
    /// Where it was created, when its creation was seen.
    var site: TaskCreationSite?
    /// What the code that made it calls it (a test store's effect), for reports.
    var label: String?
    /// The task whose job created it (0: none, or not a task).
    var creator: UInt64
    /// What it is suspended on, as far as the world knows.
    var wait: Wait = .unknown
    /// Whether its last resumption came from outside the world (a Dispatch queue, another
    /// thread, another test's work): then it waits on something the world cannot see.
    var wokenFromOutside = false
    /// Whether a settle has warned about this task already.
    var warned = false

    /// Whether the task has been cancelled (it is then on its way out, as far as the world can tell).
    var isCancelled: Bool { task.map(TaskIdentity.isCancelled) ?? false }

    /// How reports name what made it: its label, else the function that created it.
    var origin: String? { label ?? site?.functionName.map { "created in \($0)" } }
  }

  /// What a suspended task of the world waits on.
  enum Wait: Equatable {
    /// Nothing the world was told about: a continuation, another task, an actor.
    case unknown
    /// A sleep on a test clock of the world, called at `site`.
    case testClock(site: SourceCodeLocation?)
    /// A real sleep (`Task.sleep`, `ContinuousClock().sleep`), due `due` from the time noted.
    case realSleep(clock: String, delay: Duration?)
  }
}

/// How long the engine waits before it reports what it sees, per world. Each is a patience for a
/// report: none of them decides which tasks are a test's or whether its work has settled.
package struct Patience: Sendable, Equatable {
  /// How long one job may run without suspending before it is reported as blocking the test's
  /// executor (the test's other tasks cannot run meanwhile).
  package var job: Duration
  /// How long every task of a test may stay suspended, with nothing ready, nothing due and no
  /// settle waiting, before the test is reported as deadlocked and the process ends.
  package var deadlock: Duration

  package static let `default` = Patience(job: .seconds(10), deadlock: .seconds(10))

  /// How many times longer every patience is in this process: 5 under ThreadSanitizer, whose
  /// checks slow every memory access (a job that takes 2 s uninstrumented takes 10 there), else 1.
  package static let sanitizerSlowdown = ProcessSymbol.address("__tsan_init") != nil ? 5 : 1

  /// How long a job may run before it is reported, as the engine applies it (reports name
  /// ``job``): ``sanitizerSlowdown`` times as long.
  /// (Read after every job: `Duration`'s multiplication is a 128-bit one, skipped when it is 1.)
  var jobLimit: Duration { Self.sanitizerSlowdown == 1 ? job : job * Self.sanitizerSlowdown }
  /// How long a quiet world may wait before it is reported deadlocked, as the engine applies it.
  var deadlockLimit: Duration { Self.sanitizerSlowdown == 1 ? deadlock : deadlock * Self.sanitizerSlowdown }

  /// The patience of the worlds that begin in the current task's scope (a `.patience` trait).
  @TaskLocal package static var current: Patience?

  package init(job: Duration, deadlock: Duration) {
    self.job = job
    self.deadlock = deadlock
  }
}
