import HarnessDump
import HarnessIssues
import Synchronization

/// Whether an effect is running, finished or cancelled: its `send` delivers only while running.
@usableFromInline
final class EffectLifecycle: Sendable {
  enum State: UInt8 {
    case running, finished, cancelled
  }

  private let raw = Atomic<UInt8>(State.running.rawValue)

  var state: State { State(rawValue: raw.load(ordering: .acquiring)) ?? .running }

  /// Marks the effect cancelled (unless it finished first).
  func cancel() {
    _ = raw.compareExchange(expected: State.running.rawValue, desired: State.cancelled.rawValue, ordering: .acquiringAndReleasing)
  }

  /// Marks the effect finished (unless it was cancelled).
  func end() {
    _ = raw.compareExchange(expected: State.running.rawValue, desired: State.finished.rawValue, ordering: .acquiringAndReleasing)
  }

  /// An effect's `send` was called after the effect's operation returned (from a task it
  /// started and did not wait for): the action is dropped and this says so.
  static func reportLateSend(_ action: some Any, origin: SourceCodeLocation) {
    reportIssue(
      ReportedIssue(
        message: """
          An action was sent from a completed effect:

          \(String(customDumping: action).split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n"))

          The effect created at \(origin.fileID):\(origin.line) had already finished, so the \
          action was not delivered. Await the work that sends it inside the effect's operation \
          (avoid unstructured `Task { … }` there), or send it from a new effect.
          """,
        location: origin
      )
    )
  }
}
