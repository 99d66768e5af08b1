import HarnessDump
import HarnessIssues

/// The texts of the issues an exploration reports.
enum InterleavingMessages {
  static func failedIteration(
    iteration: Int,
    of iterations: Int,
    strategy: InterleavingStrategy,
    baseSeed: UInt64,
    run: InterleavingExplorer.Run,
    replay: String,
    stallPatience: Duration
  ) -> String {
    """
    Interleaving exploration: iteration \(iteration) of \(iterations) failed \
    (strategy: \(strategy), base seed: 0x\(String(baseSeed, radix: 16))).
    \(whatWentWrong(run, stallPatience: stallPatience))

    Replay exactly this order of jobs:
      @Test(.interleavings(replay: "\(replay)"))
      await withInterleavings(replay: "\(replay)") { … }
    """
  }

  static func replayed(
    schedule: Schedule,
    run: InterleavingExplorer.Run,
    divergence: String?,
    stallPatience: Duration
  ) -> String {
    var text = "Interleaving replay (iteration \(schedule.iteration), strategy: \(schedule.strategy))"
    if let divergence {
      text += """
         no longer fits the code: \(divergence). The code under test changed since the schedule was \
        recorded, so this run did not repeat it; explore again with .interleavings(…) to find a \
        schedule for the code as it is.
        """
    } else {
      text += " failed, as recorded."
    }
    if run.failed { text += "\n" + whatWentWrong(run, stallPatience: stallPatience) }
    return text
  }

  /// The issues, the thrown error and the stall of a run, one block each.
  private static func whatWentWrong(_ run: InterleavingExplorer.Run, stallPatience: Duration) -> String {
    var blocks: [String] = []
    let issues = run.issues.filter { $0.severity == .error }
    if !issues.isEmpty {
      let list = issues.prefix(10).map { issue in
        let lines = issue.message.split(separator: "\n", omittingEmptySubsequences: false)
        let place = issue.location.line > 0 ? "\(issue.location.fileID):\(issue.location.line): " : ""
        return "  • \(place)" + lines.joined(separator: "\n    ")
      }
      let more = issues.count > 10 ? "\n  … and \(issues.count - 10) more" : ""
      blocks.append("Issues raised in that run:\n" + list.joined(separator: "\n") + more)
    }
    if let error = run.error {
      var dumped = ""
      customDump(error, to: &dumped)
      blocks.append("The operation threw an error:\n  " + dumped.split(separator: "\n").joined(separator: "\n  "))
    }
    if let stall = run.stallReport {
      blocks.append(
        """
        The run stalled: no job was ready for \(stallPatience) and the operation had not returned. \
        Its tasks wait for each other (a deadlock), or for work Harness does not follow (real I/O, \
        a real clock, the main actor). The tasks of that run (suspended, or finished):
        \(stall)
        """
      )
    }
    return blocks.joined(separator: "\n")
  }

  static func endingStalledProcess(location: SourceCodeLocation) -> String {
    """
    \(location.fileID):\(location.line): Harness: a test explored with .interleavings stalled (reported \
    above, with its replay string) and is still stalled: its tasks will never let the test \
    function return, and Swift Testing cannot go on without it. Ending the test process rather \
    than hanging. Explore code that may deadlock with `await withInterleavings(…) { … }`, which \
    abandons a stalled iteration and returns.
    """
  }

  static func badIterationCount(_ iterations: Int) -> String {
    "withInterleavings needs at least 1 iteration, not \(iterations): nothing was explored."
  }

  static func badReplayString(_ replay: String) -> String {
    """
    "\(replay)" is not a replay string: nothing was run. Paste the string a failed exploration \
    printed after "Replay exactly this order of jobs", as it is (strategy:seed:iteration:decisions).
    """
  }

  static func badSeedVariable(_ text: String, name: String) -> String {
    """
    \(name)=\(text) is not a number: the default seed is used. Set it to a decimal or 0x-prefixed \
    hexadecimal UInt64 to explore other orders.
    """
  }
}
