/// The task-local mark of a world's work: bound around a test's body, copied by the runtime into
/// every `Task {}` created below it (and, on a thread that runs no task, into the tasks created
/// there), so the code enqueuing a new task's first job tells whose it is.
///
/// Its `deinit` runs once the scope that bound it has ended and every unstructured task that
/// copied it has completed: public API's own word that the world's unstructured tasks are gone.
package final class WorldToken: Sendable {
  package let world: World

  init(world: World) {
    self.world = world
  }

  deinit {
    world.tokenReleased()
  }

  /// The token of the code running now, if it runs in a world's scope.
  @TaskLocal package static var current: WorldToken?
}
