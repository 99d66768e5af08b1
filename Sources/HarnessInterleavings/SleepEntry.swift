/// A job put to sleep in a bounded exhaustive exploration: a sibling branch explored already,
/// so schedules that run it next, after only jobs independent of it, are reorderings of that
/// branch's and are skipped (sleep sets, Godefroid 1996; Flanagan & Godefroid, POPL 2005).
struct SleepEntry: Hashable {
  /// The job's serial number in the run (see ``ReadyJobMirror``).
  let serial: Int
  /// What it touched when it ran at the step it was put to sleep at.
  let footprint: JobFootprint
  /// The decisions before that step: the run it was seen in shares them with every run it
  /// sleeps in (see ``ActorName``).
  let decision: Int
}
