import HarnessIssues

// What a world says about its tasks: deadlocks and tasks left at the end of the test.
extension World {
  /// The deadlock report: which tasks are suspended, where each was created and what it waits on
  /// as far as the world knows. Lock held.
  func deadlockReport() -> String {
    let whose = testName.map { "test \($0)" } ?? "the test"
    return """
      Deadlock: every task of \(whose) has been suspended for \(Self.describe(patience.deadlock)), with \
      nothing ready to run, nothing due and no settle waiting, so the test can never return:
      \(memberLines(including: true))

      Each waits for something that only another of them would do (resume a continuation, yield \
      to a stream, end a task), or for work outside the test that has not come within the \
      patience. Break the cycle; or, if the test waits on slow work outside it (a child process, \
      a network call), give it more patience: @Test(.patience(deadlock: .seconds(60))), or \
      `override var patience` in a DependencyTestCase.
      """
  }

  /// The tasks of the world still suspended (and not cancelled) as its test ends, for a warning;
  /// `nil` when there are none, or the world cannot tell (task ends unobserved). Lock held.
  func leakReport() -> String? {
    guard TaskEnds.isObserved, ready.isEmpty else { return nil }
    // Idle, or running the job of the test's own task that asks.
    if case .running(let task, _, _) = activity, task != rootTask || task != TaskIdentity.currentTaskID() { return nil }
    let leaked = members.all.filter { task, member in task != rootTask && !member.isCancelled }
    guard !leaked.isEmpty else { return nil }
    let whose = testName.map { "Test \($0)" } ?? "The test"
    let count = leaked.count == 1 ? "1 of its tasks" : "\(leaked.count) of its tasks"
    return """
      \(whose) ended with \(count) still suspended:
      \(lines(for: leaked.sorted { $0.task < $1.task }))

      Such a task never finishes, and nothing reports what it does later: cancel it (or await it) \
      before the test ends.
      """
  }

  /// The test's name as its author wrote it: `addsTodo()`, `-[TodosTests testAdd]`.
  var testName: String? {
    guard let test else { return nil }
    switch test {
    case .swiftTesting(let id):
      // `Module.Suite/function()/File.swift:12:4`, with ` (run)` after it for an iteration.
      return id.split(separator: "/").first { $0.contains("(") }.map(String.init) ?? id
    case .xcTest(let id):
      return id
    }
  }

  /// One line per live task, the test's own first. Lock held.
  private func memberLines(including root: Bool) -> String {
    lines(for: members.all.sorted { ($0.task == rootTask ? 0 : $0.task) < ($1.task == rootTask ? 0 : $1.task) })
  }

  private func lines(for tasks: [(task: UInt64, member: Member)]) -> String {
    let shown = tasks.prefix(12).map { task, member in "  • " + Self.describe(task: task, member, isRoot: task == rootTask) }
    let more = tasks.count > 12 ? ["  … and \(tasks.count - 12) more"] : []
    return (shown + more).joined(separator: "\n")
  }

  static func describe(task: UInt64, _ member: Member, isRoot: Bool) -> String {
    var line = isRoot ? "the test's own task" : "task \(task)"
    if !isRoot, let origin = member.origin { line += ", \(origin)," }
    switch member.wait {
    case .testClock(let site):
      line += " sleeping on a test clock" + (site.map { " at \($0.fileID):\($0.line)" } ?? "")
    case .realSleep(let clock, let delay):
      line += " in a real sleep on \(clock)" + (delay.map { " (\(describe($0)))" } ?? "")
    case .unknown:
      line += member.wokenFromOutside
        ? " suspended, last resumed from outside the test (a Dispatch queue, another thread)"
        : " suspended (on a continuation, a stream, another task or an actor)"
    }
    return line
  }

  /// `10 seconds`, `250 milliseconds`.
  static func describe(_ duration: Duration) -> String {
    let milliseconds = duration.components.seconds * 1_000 + duration.components.attoseconds / 1_000_000_000_000_000
    if milliseconds % 1_000 == 0 { return milliseconds == 1_000 ? "1 second" : "\(milliseconds / 1_000) seconds" }
    if milliseconds > 10_000 { return "\(milliseconds / 1_000).\(milliseconds % 1_000 / 100) seconds" }
    return "\(milliseconds) milliseconds"
  }
}
