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
  /// An actor's processing job that ran one task's call and handed that task back to the world,
  /// scheduling no actor: the actor's queue held only that task (no task left the world unseen
  /// while the job was ready).
  case actorTurn(task: Int)
  /// Anything else: it woke or started another task, finished its task, queued on an actor
  /// already scheduled, scheduled more than one actor, or Harness lost track of the queue.
  case opaque

  /// Whether two jobs that are ready at the same step commute: running them in either order
  /// leaves the same jobs ready and the same actor state.
  ///
  /// Steps touch no actor. A job that goes to an idle actor touches only that actor, which is
  /// not the actor of any processing job ready beside it (that one is scheduled, not idle), and
  /// two processing jobs ready at once belong to two actors. Two jobs going to idle actors may go
  /// to the same one: those stay dependent unless seen apart, and every opaque job is dependent.
  ///
  /// `callsApart`: the two are calls into idle actors seen to go to different actors (see
  /// ``ActorCallsApart``): then they commute too.
  func isIndependent(of other: JobFootprint, callsApart: Bool = false) -> Bool {
    switch (self, other) {
    case (.toIdleActor(let a), .toIdleActor(let b)): callsApart && a != b
    case (.opaque, _), (_, .opaque): false
    case (.step(let a), .step(let b)), (.step(let a), .toIdleActor(let b)), (.toIdleActor(let a), .step(let b)),
      (.step(let a), .actorTurn(let b)), (.actorTurn(let a), .step(let b)), (.toIdleActor(let a), .actorTurn(let b)),
      (.actorTurn(let a), .toIdleActor(let b)), (.actorTurn(let a), .actorTurn(let b)):
      a != b
    }
  }
}
