/// How an exploration picks the next job among the ready ones, at each step of each iteration.
///
/// - ``random``: uniformly at random, at every step.
/// - ``pct(depth:)``: Probabilistic Concurrency Testing (Burckhardt, Kothari, Musuvathi,
///   Nagarakatte, ASPLOS 2010). Each task gets a random priority, the highest-priority ready job
///   runs, and at `depth − 1` random steps the running task drops below all others. For a run of
///   at most *n* tasks and *k* steps, each iteration finds a bug of depth *d* (one that needs
///   *d* ordering constraints between jobs to show) with probability at least 1 / (n · k^(d−1)),
///   whatever the program; `.random` gives no such bound, but is often quicker on shallow bugs.
public struct InterleavingStrategy: Sendable, Hashable, CustomStringConvertible {
  enum Kind: Hashable {
    case random
    case pct(depth: Int)
    /// A schedule of a bounded exhaustive exploration (``ExhaustiveExploration``): no strategy
    /// of its own, named in replay strings only.
    case exhaustive(preemptions: Int)
  }

  let kind: Kind

  /// At each step, a ready job chosen uniformly at random.
  public static let random = InterleavingStrategy(kind: .random)

  /// Probabilistic Concurrency Testing with bug depth `depth` (1 or more; 3 finds most
  /// ordering bugs between two or three tasks).
  public static func pct(depth: Int) -> InterleavingStrategy {
    InterleavingStrategy(kind: .pct(depth: max(depth, 1)))
  }

  public var description: String {
    switch kind {
    case .random: "random"
    case .pct(let depth): "pct(depth: \(depth))"
    case .exhaustive(let preemptions): "exhaustive(preemptions: \(preemptions))"
    }
  }

  /// The strategies a time budget alternates by default: ``random`` (quick on shallow bugs),
  /// then ``pct(depth:)`` of depths 2 and 3 (bounded chances on deeper ones).
  public static let portfolio: [InterleavingStrategy] = [.random, .pct(depth: 2), .pct(depth: 3)]

  /// The strategy's name in a replay string.
  var code: String {
    switch kind {
    case .random: "random"
    case .pct(let depth): "pct\(depth)"
    case .exhaustive(let preemptions): "exhaustive\(preemptions)"
    }
  }

  init(kind: Kind) {
    self.kind = kind
  }

  init?(code: String) {
    if code == "random" {
      kind = .random
    } else if code.hasPrefix("pct"), let depth = Int(code.dropFirst(3)), depth >= 1 {
      kind = .pct(depth: depth)
    } else if code.hasPrefix("exhaustive"), let preemptions = Int(code.dropFirst(10)), preemptions >= 0 {
      kind = .exhaustive(preemptions: preemptions)
    } else {
      return nil
    }
  }
}
