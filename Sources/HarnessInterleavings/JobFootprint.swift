/// What a job touched, as far as Harness can see it from the ready queue: used to skip schedules
/// that only reorder independent jobs.
///
/// Jobs of a task run its nonisolated code; an actor's code runs in the actor's processing job
/// (a job of no task: tasks that prefer the world's executor always reach an actor through it).
/// Harness sees which jobs a job made ready, not the memory it touched, so it keeps only the
/// shapes whose effect it can bound, and calls everything else ``opaque``: dependent on every job.
enum JobFootprint: Hashable {
  /// A task's nonisolated step that came straight back to the world (a `Task.yield()`, a hop off
  /// an actor): it made ready only its own task's next job.
  case step(task: Int)
  /// A task's job that went to an actor nobody had queued for: it made ready only that actor's
  /// processing job.
  case toIdleActor(task: Int)
  /// An actor's processing job that handed tasks back to the world and scheduled no actor.
  case actorTurn(returned: Set<Int>)
  /// Anything else: it woke or started another task, finished its task, queued on an actor
  /// already scheduled, scheduled more than one actor, or Harness lost track of the queue.
  case opaque

  init(of job: ReadyJobMirror.Job, madeReady newJobs: [ReadyJobMirror.Job]) {
    let actorJobs = newJobs.count { $0.task == 0 }
    let tasks = newJobs.filter { $0.task != 0 }.map(\.task)
    if job.task != 0 {
      if actorJobs == 0, tasks == [job.task] {
        self = .step(task: job.task)
      } else if actorJobs == 1, tasks.isEmpty {
        self = .toIdleActor(task: job.task)
      } else {
        self = .opaque
      }
    } else if actorJobs == 0, !tasks.isEmpty, Set(tasks).count == tasks.count {
      self = .actorTurn(returned: Set(tasks))
    } else {
      self = .opaque
    }
  }

  /// Whether two jobs that are ready at the same step commute: running them in either order
  /// leaves the same jobs ready and the same actor state.
  ///
  /// Two steps of different tasks touch no actor. A job that goes to an idle actor touches only
  /// that actor, which is not the actor of any processing job ready beside it (that one is
  /// scheduled, not idle). Two jobs going to idle actors may go to the same one, and two actor
  /// turns may hand work to each other's actor unseen: those stay dependent.
  func isIndependent(of other: JobFootprint) -> Bool {
    switch (self, other) {
    case (.step(let a), .step(let b)), (.step(let a), .toIdleActor(let b)), (.toIdleActor(let a), .step(let b)):
      a != b
    case (.step(let task), .actorTurn(let returned)), (.actorTurn(let returned), .step(let task)),
      (.toIdleActor(let task), .actorTurn(let returned)), (.actorTurn(let returned), .toIdleActor(let task)):
      !returned.contains(task)
    default:
      false
    }
  }
}
