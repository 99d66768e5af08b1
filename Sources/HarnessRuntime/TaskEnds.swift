import Foundation
import HarnessRuntimeShims

/// Tells the engine when a task completes, so that a world forgets its ended tasks at once.
///
/// The Swift runtime calls `_swift_tsan_release` (a function pointer libswiftCore exports for
/// ThreadSanitizer, null unless it runs) with the task's address right after it marks a task
/// complete (`completeTaskImpl`), among many other synchronisation points. The engine installs
/// an observer there (`HarnessRuntimeShims`, in C: the runtime also calls it from inside its
/// one-time initialisations) that calls whatever was installed before (ThreadSanitizer's own,
/// under `-sanitize=thread`) and reports completed tasks: a load and a compare for anything else.
/// Only with a known task layout (``TaskLayout``); without it ``isObserved`` is false, and worlds
/// treat their tasks as alive until the world ends.
enum TaskEnds {
  /// Whether task ends reach the engine.
  static var isObserved: Bool { installed }

  private static let installed: Bool = {
    guard ProcessInfo.processInfo.environment["HARNESS_NO_TASK_ENDS"] == nil, let layout = TaskLayout.completion,
      let slot = ProcessSymbol.address("_swift_tsan_release")
    else { return false }
    harness_task_ends_install(slot, layout.taskMetadata, UInt(layout.statusOffset), layout.completeFlag) { task in
      guard let task else { return }
      Engine.taskEnded(TaskIdentity.taskID(of: unsafeBitCast(task, to: UnownedJob.self)))
    }
    return true
  }()

  /// Installs the observer (once).
  static func install() { _ = installed }
}
