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
  /// processing job. `actor`: which actor, if the engine told (see ``ActorName``).
  case toIdleActor(task: Int, actor: ActorName?)
  /// An actor's processing job that ran one task's call and handed that task back to the world,
  /// scheduling no actor. `others`: the tasks that may have queued on the actor unseen while the
  /// job was ready (their jobs were ``quiet``), whose calls it may have run too, sending them on
  /// unseen to another scheduled actor; empty, the actor's queue held only that task's call.
  case actorTurn(task: Int, others: TaskOrdinals)
  /// A task's job that scheduled no actor and did not come back to the world: it finished its
  /// task, or suspended other than on an actor's turn (a continuation, a task group, another
  /// task's value, a clock), perhaps waking or starting other tasks (the jobs it made ready are
  /// all of other tasks), or queued behind an actor already scheduled.
  case quiet(task: Int)
  /// Anything else: it woke or started another task, finished its task, queued on an actor
  /// already scheduled, scheduled more than one actor, or Harness lost track of the queue.
  case opaque

  /// Whether a job put to sleep with this footprint commutes with `other`, a job that ran while
  /// it was ready: running them in either order leaves the same jobs ready and the same actor
  /// state.
  ///
  /// Steps touch no actor. A job that goes to an idle actor touches only that actor, which is
  /// not the actor of any processing job ready beside it (that one is scheduled, not idle), and
  /// two processing jobs ready at once belong to two actors. Two jobs going to idle actors
  /// commute when they are seen to go to different actors: by name (one of the two actors was
  /// known when this job was put to sleep, `sleepingSince` decisions into the run; see
  /// ``ActorName``), or as learnt by an earlier run (`callsApart`, see ``ActorCallsApart``).
  /// A quiet job touches what tasks wait on (so two quiet jobs are dependent: one may wake a task
  /// the other's order depends on) and perhaps a scheduled actor's queue (so it is dependent on
  /// every actor turn); a step or a call into an idle actor touches neither. Every opaque job is
  /// dependent.
  func isIndependent(of other: JobFootprint, sleepingSince: Int, callsApart: Bool = false) -> Bool {
    switch (self, other) {
    case (.toIdleActor(let a, let mine), .toIdleActor(let b, let theirs)):
      a != b && (callsApart || ActorName.areApart(mine, theirs, knownBy: sleepingSince))
    case (.opaque, _), (_, .opaque), (.quiet, .quiet), (.quiet, .actorTurn), (.actorTurn, .quiet): false
    case (.actorTurn(let a, let mine), .actorTurn(let b, let theirs)): mine.isEmpty && theirs.isEmpty && a != b
    case (.actorTurn(let a, let others), .step(let b)), (.step(let b), .actorTurn(let a, let others)),
      (.actorTurn(let a, let others), .toIdleActor(let b, _)), (.toIdleActor(let b, _), .actorTurn(let a, let others)):
      a != b && !others.contains(b)
    case (.quiet(let a), .step(let b)), (.step(let a), .quiet(let b)), (.quiet(let a), .toIdleActor(let b, _)),
      (.toIdleActor(let a, _), .quiet(let b)), (.step(let a), .step(let b)), (.step(let a), .toIdleActor(let b, _)),
      (.toIdleActor(let a, _), .step(let b)):
      a != b
    }
  }
}

/// An actor as a run's ``ReadyJobMirror`` names it: by order of first sight (its processing job's
/// first showing; the engine tells each processing job's actor, see `JobActor`), and the
/// decisions taken before that sight.
///
/// Actor addresses differ between runs, and so may the order in which two runs first see their
/// actors after they part: but two runs that take the same decisions see the same actors in the
/// same order up to there. So a name means the same actor in another run only if that run shares
/// the decisions up to the actor's first sight.
struct ActorName: Hashable {
  let ordinal: Int
  /// Decisions taken before the actor was first seen.
  let born: Int

  /// Whether two actors, named by two runs that share their first `sharedDecisions` decisions,
  /// are surely different: one of them was seen within the shared decisions (so its name means
  /// the same actor in both runs), and the names differ. Two actors first seen after the runs
  /// parted may be one actor under two names.
  static func areApart(_ one: ActorName?, _ other: ActorName?, knownBy sharedDecisions: Int) -> Bool {
    guard let one, let other else { return false }
    return (one.born <= sharedDecisions || other.born <= sharedDecisions) && one.ordinal != other.ordinal
  }
}
