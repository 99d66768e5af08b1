/// The jobs of a world that are ready to run. First in, first out, unless a ``JobChooser``
/// picks (a world exploring interleavings): the one place that decides which ready job runs next.
///
/// A buffer of its own rather than arrays: it is touched twice per job (an explored iteration
/// runs about a hundred), and holds plain values, so it needs no reference counting and no
/// uniqueness checks. The ready jobs are `entries[head ..< head + count]`, their tasks and
/// actors beside them in `tasks` and `actors` (so that choosing passes views and copies nothing).
struct ReadyJobs: ~Copyable {
  /// Plain bits (the buffer copies entries and never deinitializes them), which the compiler
  /// checks: a field holding a reference would not compile here.
  struct Entry: BitwiseCopyable {
    let job: UnownedJob
    let task: UInt64
    /// The actor whose queue the job processes, if it is a default actor's processing job (see
    /// ``JobActor``); ``JobActor/mainActor`` for a main-actor job; 0 otherwise.
    let actor: UInt
    /// Whether the job runs on the main queue, as the world's main actor's.
    let onMain: Bool
    /// Whether the job is a guest's: a task of no world that waited for the world (an explored
    /// run's driver), run on its thread as the process's default executor would run it.
    let isGuest: Bool

    init(job: UnownedJob, task: UInt64, onMain: Bool = false, isGuest: Bool = false) {
      self.job = job
      self.task = task
      self.onMain = onMain
      self.isGuest = isGuest
      actor = onMain ? JobActor.mainActor : task == 0 ? JobActor.actor(of: job) : 0
    }
  }

  private var entries: UnsafeMutablePointer<Entry>
  private var tasks: UnsafeMutablePointer<UInt64>
  private var actors: UnsafeMutablePointer<UInt>
  private var capacity: Int
  private var head = 0
  private(set) var count = 0

  init() {
    capacity = 16
    entries = .allocate(capacity: capacity)
    tasks = .allocate(capacity: capacity)
    actors = .allocate(capacity: capacity)
  }

  deinit {
    entries.deallocate()
    tasks.deallocate()
    actors.deallocate()
  }

  var isEmpty: Bool { count == 0 }

  /// Whether a main-actor job is among the ready ones.
  var containsMainActorJob: Bool {
    (0..<count).contains { entries[head + $0].onMain }
  }

  mutating func append(_ entry: Entry) {
    if head + count == capacity { makeRoom() }
    (entries + head + count).initialize(to: entry)
    (tasks + head + count).initialize(to: entry.task)
    (actors + head + count).initialize(to: entry.actor)
    count += 1
  }

  /// Makes room at the end: moves the ready jobs to the front when they take up at most half
  /// the buffer, else moves them into a buffer twice the size.
  private mutating func makeRoom() {
    if count * 2 <= capacity {
      entries.update(from: entries + head, count: count)
      tasks.update(from: tasks + head, count: count)
      actors.update(from: actors + head, count: count)
    } else {
      capacity *= 2
      let movedEntries = UnsafeMutablePointer<Entry>.allocate(capacity: capacity)
      let movedTasks = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
      let movedActors = UnsafeMutablePointer<UInt>.allocate(capacity: capacity)
      movedEntries.initialize(from: entries + head, count: count)
      movedTasks.initialize(from: tasks + head, count: count)
      movedActors.initialize(from: actors + head, count: count)
      entries.deallocate()
      tasks.deallocate()
      actors.deallocate()
      entries = movedEntries
      tasks = movedTasks
      actors = movedActors
    }
    head = 0
  }

  /// The job to run next: the one `chooser` picks, else the oldest.
  mutating func next(choosingWith chooser: (any JobChooser)? = nil) -> Entry? {
    guard count > 0 else { return nil }
    var index = head
    if let chooser {
      let choice = chooser.chooseNext(
        among: UnsafeBufferPointer(start: tasks + head, count: count),
        actors: UnsafeBufferPointer(start: actors + head, count: count))
      index = head + min(max(choice, 0), count - 1)
    }
    let entry = entries[index]
    if index == head {
      head += 1
    } else {
      // The jobs after it move up one: the rest stay in the order they became ready.
      for moving in index..<(head + count - 1) {
        entries[moving] = entries[moving + 1]
        tasks[moving] = tasks[moving + 1]
        actors[moving] = actors[moving + 1]
      }
    }
    count -= 1
    if count == 0 { head = 0 }
    return entry
  }
}
