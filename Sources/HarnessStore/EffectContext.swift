import HarnessIssues

/// What can cancel effects by id: a store's effect runtime, or the process-wide registry for
/// `withTaskCancellation` outside any store.
protocol EffectCanceller: AnyObject, Sendable {
  /// Cancels the effects and `withTaskCancellation` work marked with `id`.
  func cancel(id: EffectID)
  /// Makes `cancel` run when `id` is cancelled, until `unregister(token)`; with
  /// `cancelInFlight`, first cancels what runs under `id`, in the same locked step, so that of
  /// two registrations racing under one id only the later survives.
  func register(id: EffectID, cancelInFlight: Bool, cancel: @escaping @Sendable () -> Void) -> UInt64
  func unregister(_ token: UInt64)
}

/// The store and child scope of the effect the current task runs, for `Task.cancel(id:)` and
/// `withTaskCancellation(id:)` inside effects.
struct EffectContext: Sendable {
  let canceller: any EffectCanceller
  let scope: EffectScope
  /// The running effect's own lifecycle: a `.concatenate` stops at its next step once it is
  /// cancelled by id, even before its task sees the cancellation.
  let lifecycle: EffectLifecycle

  @TaskLocal static var current: EffectContext?
}

/// Stores alive in the process, for `Task.cancel(id:)` called outside any effect: it cancels in
/// the stores of the current test only (or every store outside tests), so parallel tests never
/// cancel each other's effects.
enum LiveCancellers {
  private struct Entry: @unchecked Sendable {
    // @unchecked: the canceller is Sendable; `weak` alone makes the struct non-Sendable.
    weak var canceller: (any EffectCanceller)?
    let test: String?
  }

  private static let entries = Locked([ObjectIdentifier: Entry]())

  static func add(_ canceller: any EffectCanceller) {
    let test = TestContext.current?.id
    entries.withLock { entries in
      entries = entries.filter { $0.value.canceller != nil }
      entries[ObjectIdentifier(canceller)] = Entry(canceller: canceller, test: test)
    }
  }

  /// The live cancellers of the current test (all of them outside tests), the process-wide
  /// registry included.
  static func forCurrentTest() -> [any EffectCanceller] {
    let test = TestContext.current?.id
    let stores = entries.withLock { entries in
      entries.values.compactMap { entry in test == nil || entry.test == test ? entry.canceller : nil }
    }
    return stores + [UnscopedCancellables.shared]
  }
}

/// `withTaskCancellation(id:)` work started outside any effect.
final class UnscopedCancellables: EffectCanceller {
  static let shared = UnscopedCancellables()

  private struct Registry {
    var next: UInt64 = 0
    /// By id, so that a cancel looks its id up: a scan of every registration, under the lock
    /// every registration takes, made 1,000 concurrent cancels of 4,000 waits take a second.
    var byID: [EffectID: [UInt64: @Sendable () -> Void]] = [:]
    var ids: [UInt64: EffectID] = [:]

    func cancels(of id: EffectID) -> [@Sendable () -> Void] { byID[id].map { Array($0.values) } ?? [] }
  }

  private let registry = Locked(Registry())

  func cancel(id: EffectID) {
    let cancels = registry.withLock { $0.cancels(of: id) }
    for cancel in cancels { cancel() }
  }

  func register(id: EffectID, cancelInFlight: Bool, cancel: @escaping @Sendable () -> Void) -> UInt64 {
    let (token, inFlight) = registry.withLock { registry in
      let inFlight = cancelInFlight ? registry.cancels(of: id) : []
      registry.next += 1
      registry.byID[id, default: [:]][registry.next] = cancel
      registry.ids[registry.next] = id
      return (registry.next, inFlight)
    }
    for cancel in inFlight { cancel() }
    return token
  }

  func unregister(_ token: UInt64) {
    registry.withLock { registry in
      guard let id = registry.ids.removeValue(forKey: token) else { return }
      registry.byID[id]?.removeValue(forKey: token)
      if registry.byID[id]?.isEmpty == true { registry.byID[id] = nil }
    }
  }
}
