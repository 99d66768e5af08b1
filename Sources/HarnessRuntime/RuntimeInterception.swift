@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
import Synchronization

/// How the engine sees the process's tasks. Installed once, before the first world (HarnessTesting
/// installs it as the test binary loads); an app that never makes a world never installs it.
///
/// - The process's default executor becomes ``ProcessRouter`` (the runtime's
///   `_createExecutors(factory:)`, keeping its main executor): every job headed for the generic
///   executor passes it. The runtime's `swift_task_enqueueGlobal_hook` slot is left alone, so a
///   library that writes it for a while (swift-concurrency-extras' `withMainSerialExecutor`, a
///   Composable Architecture `TestStore`) finds and restores what it expects, and the process is
///   left as it would be without Harness.
/// - While such a library's hook holds that slot, it sends every global job to
///   `MainActor.shared.enqueue`, which passes `swift_task_enqueueMainExecutor_hook`: the engine's
///   hook there hands a job of a test's task back to its world, so Harness's tests keep settling.
/// - `swift_task_getMainExecutor_hook` gives a task of a world that world's own main executor
///   (``WorldMainExecutor``): the main-actor jobs of each test are its own.
/// - ``TaskEnds`` observes task completion.
///
/// Where the runtime cannot replace its default executor (an Apple OS before 26.4), the engine
/// falls back to the global enqueue hook, chained to whatever was in the slot; then another
/// library's scoped hook can displace it (see DESIGN.md, "Known limits").
package enum RuntimeInterception {
  /// How jobs headed for the generic executor reach the engine.
  package enum Mode: Sendable, Equatable {
    /// ``ProcessRouter`` is the process's default executor.
    case defaultExecutor
    /// The engine's function sits in `swift_task_enqueueGlobal_hook`.
    case globalEnqueueHook
    /// Nothing reaches the engine: the runtime lacks what it needs (task ids).
    case unavailable
  }

  /// Installs the engine's interception (once) and says how jobs reach it.
  @discardableResult
  package static func install() -> Mode { mode }

  /// Whether the engine sees the tasks of tests in this process.
  package static var isActive: Bool { mode != .unavailable }

  private static let mode: Mode = {
    guard TaskIdentity.isSupported else { return .unavailable }
    TaskEnds.install()
    MainExecutorHooks.install()
    if installDefaultExecutor() { return .defaultExecutor }
    return GlobalEnqueueHook.install() ? .globalEnqueueHook : .unavailable
  }()

  private static func installDefaultExecutor() -> Bool {
    #if canImport(Darwin)
      guard #available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *) else { return false }
    #endif
    ProcessRouter.original = Task.defaultExecutor
    _createExecutors(factory: RouterFactory.self)
    return Task.defaultExecutor is ProcessRouter
  }

  /// The executors the runtime installs: its own main executor, the router as default.
  @available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *)
  private enum RouterFactory: ExecutorFactory {
    static var mainExecutor: any MainExecutor { MainActor.executor }
    static var defaultExecutor: any TaskExecutor { router }
  }

  private static let router = ProcessRouter()
}

/// The fallback: the engine in the runtime's global enqueue hook, chained to the hook that was
/// there (see ``RuntimeInterception``).
enum GlobalEnqueueHook {
  typealias Original = @convention(thin) (UnownedJob) -> Void
  typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

  /// The hook found in the slot, as its function pointer's bits (0: none).
  private static let previous = Atomic<UInt>(0)

  private static let hook: Hook = { job, original in
    if Engine.route(job) { return }
    let previous = GlobalEnqueueHook.previous.load(ordering: .acquiring)
    if previous != 0 {
      unsafeBitCast(previous, to: Hook.self)(job, original)
    } else {
      original(job)
    }
  }

  static func install() -> Bool {
    guard let slot = ProcessSymbol.address("swift_task_enqueueGlobal_hook")?.assumingMemoryBound(to: Hook?.self)
    else { return false }
    previous.store(slot.pointee.map { unsafeBitCast($0, to: UInt.self) } ?? 0, ordering: .releasing)
    slot.pointee = hook
    return true
  }
}

/// The engine's two main-executor hooks (see ``RuntimeInterception``).
enum MainExecutorHooks {
  typealias GetMainOriginal = @convention(thin) () -> UnownedSerialExecutor
  typealias GetMainHook = @convention(thin) (GetMainOriginal) -> UnownedSerialExecutor
  typealias EnqueueMainOriginal = @convention(thin) (UnownedJob) -> Void
  typealias EnqueueMainHook = @convention(thin) (UnownedJob, EnqueueMainOriginal) -> Void

  /// Whether a world's tasks get the world's main executor.
  nonisolated(unsafe) private(set) static var givesWorldsTheirMainExecutor = false

  private static let getMainExecutor: GetMainHook = { original in
    guard Engine.processHasLiveWorlds, let world = Engine.contextWorld() else { return original() }
    return world.mainExecutor.asUnownedSerialExecutor()
  }

  private static let enqueueMainExecutor: EnqueueMainHook = { job, original in
    if Engine.route(job) { return }
    original(job)
  }

  static func install() {
    if let slot = ProcessSymbol.address("swift_task_getMainExecutor_hook")?.assumingMemoryBound(to: GetMainHook?.self),
      slot.pointee == nil
    {
      slot.pointee = getMainExecutor
      givesWorldsTheirMainExecutor = true
    }
    if let slot = ProcessSymbol.address("swift_task_enqueueMainExecutor_hook")?.assumingMemoryBound(
      to: EnqueueMainHook?.self), slot.pointee == nil
    {
      slot.pointee = enqueueMainExecutor
    }
  }
}
