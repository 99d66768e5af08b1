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
    stallPatience: Duration,
    maxSteps: Int
  ) -> String {
    """
    Interleaving exploration: iteration \(iteration) of \(iterations) failed \
    (strategy: \(strategy), base seed: 0x\(String(baseSeed, radix: 16))).
    \(whatWentWrong(run, stallPatience: stallPatience, maxSteps: maxSteps))

    Replay exactly this order of jobs:
      @Test(.interleavings(replay: "\(replay)"))
      await withInterleavings(replay: "\(replay)") { … }
    """
  }

  static func replayed(
    schedule: Schedule,
    run: InterleavingExplorer.Run,
    divergence: String?,
    stallPatience: Duration,
    maxSteps: Int
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
    if run.failed { text += "\n" + whatWentWrong(run, stallPatience: stallPatience, maxSteps: maxSteps) }
    return text
  }

  /// The issues, the thrown error and the stall of a run, one block each.
  private static func whatWentWrong(_ run: InterleavingExplorer.Run, stallPatience: Duration, maxSteps: Int) -> String {
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
    if let stall = run.stallReport, run.exceededSteps {
      blocks.append(
        """
        The run did not return after \(maxSteps) jobs; a task spinning on Task.yield()? A loop \
        that waits for another task by yielding (`while !done { await Task.yield() }`) never ends \
        in an order that keeps running it, and neither does an endless loop of awaits. Wait with \
        something that suspends until the other task acts (a continuation, an AsyncStream, a \
        test clock's sleep), or raise the bound with maxSteps: if the work is merely long. The \
        tasks of that run:
        \(stall)
        """
      )
    } else if let stall = run.stallReport {
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

  static func endingStalledProcess(location: SourceCodeLocation, exceededSteps: Bool) -> String {
    let what =
      exceededSteps
      ? "ran past its step bound (reported above, with its replay string) and did so again with its jobs run first in, first out"
      : "stalled (reported above, with its replay string) and is still stalled"
    return """
      \(location.fileID):\(location.line): Harness: a test explored with .interleavings \(what): its \
      tasks will never let the test function return, and Swift Testing cannot go on without it. \
      Ending the test process rather than hanging. Explore code that may deadlock or spin with \
      `await withInterleavings(…) { … }`, which abandons such an iteration and returns.
      """
  }

  static func badMaxSteps(_ maxSteps: Int) -> String {
    "withInterleavings needs a step bound of at least 1 job, not maxSteps: \(maxSteps): nothing was explored."
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
