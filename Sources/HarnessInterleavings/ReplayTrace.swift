/// The steps of one replayed run: at each, the ready jobs (by their tasks' ordinals in order of
/// first sight, 0 for a job of no task) and the one that ran. Two runs of the same schedule
/// under Harness have equal traces unless something Harness does not control (real time, real
/// randomness, Dispatch work, threads) steered them apart.
package struct ReplayTrace: Equatable {
  struct Step: Equatable {
    let ready: [Int]
    let chosen: Int
  }

  private(set) var steps: [Step] = []
  private var ordinals: [UInt64: Int] = [:]
  /// The task waiting for the run: steps with its job are left out. Once the body returned, its
  /// resumption is a job of the world or of the global executor, depending on which thread ended
  /// the run (measured: an extra last step in about one replay in twenty under load).
  private let driver: UInt64

  package init(ignoring driver: UInt64 = 0) {
    self.driver = driver
  }

  package mutating func note(_ readyTasks: UnsafeBufferPointer<UInt64>, chosen: Int) {
    guard driver == 0 || !readyTasks.contains(driver) else { return }
    let ready = readyTasks.map { id -> Int in
      guard id != 0 else { return 0 }
      if let known = ordinals[id] { return known }
      ordinals[id] = ordinals.count + 1
      return ordinals.count
    }
    steps.append(Step(ready: ready, chosen: chosen))
  }

  /// Where `other` (run `otherNumber`) first differs from this run (run 1), in words; `nil`
  /// when the two took the same steps.
  package func firstDifference(from other: ReplayTrace, otherNumber: Int) -> String? {
    for (index, (mine, theirs)) in zip(steps, other.steps).enumerated() where mine != theirs {
      return """
        at step \(index + 1), run 1 had \(Self.describe(mine.ready)) ready and ran the \(Self.ordinal(mine.chosen)); \
        run \(otherNumber) had \(Self.describe(theirs.ready)) and ran the \(Self.ordinal(theirs.chosen))
        """
    }
    guard steps.count != other.steps.count else { return nil }
    return "run 1 took \(steps.count) steps, run \(otherNumber) \(other.steps.count)"
  }

  private static func describe(_ ready: [Int]) -> String {
    let names = ready.map { $0 == 0 ? "an actor's job" : "task #\($0)" }
    return "\(ready.count) \(ready.count == 1 ? "job" : "jobs") (\(names.joined(separator: ", ")))"
  }

  private static func ordinal(_ index: Int) -> String {
    switch index {
    case 0: "first"
    case 1: "second"
    case 2: "third"
    default: "\(index + 1)th"
    }
  }
}
