/// Two calls into idle actors seen to go to different actors: one job called while the other's
/// actor job was still ready (its actor scheduled, not idle) and made an actor job of its own.
/// Learnt in one run, used in every run that has both jobs (the same decisions up to the later
/// one's showing): the two calls then commute.
struct ActorCallsApart: Hashable {
  /// The decisions up to the step the later of the two jobs showed up at.
  let path: [Int]
  /// The jobs' serial numbers (see ``ReadyJobMirror``), the lower first.
  let first: Int
  let second: Int
}
