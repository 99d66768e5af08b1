import Dispatch

/// A world's main actor: the executor the runtime gives a task of the world that hops to the
/// main actor (`@MainActor` functions and bodies, `MainActor.run`, `Task { @MainActor in }`),
/// through `swift_task_getMainExecutor_hook` (see ``RuntimeInterception``).
///
/// Its jobs join the world's ready queue like any other, so the world runs them one at a time,
/// in the order its policy picks, and knows when they are done. Each runs on the main queue, so
/// main-actor code keeps running where it expects (`MainActor.assertIsolated()`,
/// `dispatchPrecondition(condition: .onQueue(.main))`), never beside code of another test's main
/// actor or a main-queue block.
///
/// Never freed: a suspended task keeps its executor unowned, and may resume after its test has
/// ended (then its job runs on the main queue, as the real main actor's would).
package final class WorldMainExecutor: SerialExecutor, @unchecked Sendable {
  /// The world whose main actor this is. Weak: the world may go before a task resumes here.
  weak var world: World?

  init() {
    _ = Unmanaged.passRetained(self)
  }

  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    if let world {
      world.enqueueMain(job)
    } else {
      runOnMainQueue(job)
    }
  }

  /// Runs `job` on the main queue as this executor's, outside the world's order (its test has
  /// ended).
  func runOnMainQueue(_ job: UnownedJob) {
    DispatchQueue.main.async {
      job.runSynchronously(on: self.asUnownedSerialExecutor())
    }
  }

  /// Main-actor code of the world runs on the main queue.
  package func checkIsolated() {
    dispatchPrecondition(condition: .onQueue(.main))
  }
}
