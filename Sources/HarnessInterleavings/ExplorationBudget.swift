/// How long an exploration runs: a number of iterations, or until a time budget ends.
package enum ExplorationBudget: Sendable, Hashable {
  case iterations(Int)
  case duration(Duration)
}
