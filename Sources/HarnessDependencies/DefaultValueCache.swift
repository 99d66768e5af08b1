import HarnessIssues
import Synchronization

/// The default values of one context in one ``DependencyScope``, each built on first use and
/// then kept.
///
/// Every key has its own ``ValueSlot``: the cache-wide lock is held only to find or add a slot,
/// never while a value is built, so a value whose initializer reads other dependencies (on this
/// thread or another) cannot deadlock on it. A slot builds its value exactly once, however many
/// readers race for it; a key whose value (transitively) reads itself is reported as a cycle.
@usableFromInline
final class DefaultValueCache: Sendable {
  @usableFromInline let context: DependencyContext
  /// The usage recorder of a tracked scope: told when a live value is built.
  @usableFromInline let usage: DependencyUsageRecorder?
  private let slots = Locked<[ObjectIdentifier: ValueSlot]>([:])

  init(context: DependencyContext, usage: DependencyUsageRecorder? = nil) {
    self.context = context
    self.usage = usage
  }

  /// The default value of `Key` in this cache's context, built on first use.
  @inlinable
  func value<Key: TestDependencyKey>(
    for key: Key.Type,
    read: DependencyRead,
    isUpdating: Bool,
    isPreparing: Bool,
    values: DependencyValues
  ) -> Key.Value {
    let slot = slot(for: ObjectIdentifier(key))
    if let box = slot.built {
      if !isUpdating { slot.markUsed(by: read) }
      return box.unbox(as: Key.Value.self)
    }
    if isPreparing {
      // Read to be changed and prepared (`$0.client.endpoint = …`): keep nothing.
      if let box = slot.prepared { return box.unbox(as: Key.Value.self) }
      return DependencyStorage.local.withValue(values.storageForBuilds) {
        DefaultValueFactory.make(Key.self, context: context, read: read, isUpdating: true).value
      }
    }
    let value = slot.build(key: ObjectIdentifier(key), context: context, read: read) { context in
      // Built with the values it was read through current, so that a value built from other
      // dependencies sees the same overrides (a model's captured ones included).
      DependencyStorage.local.withValue(values.storageForBuilds) {
        DefaultValueFactory.make(
          Key.self, context: context, read: read, isUpdating: isUpdating, usage: usage)
      }
    }
    if !isUpdating { slot.markUsed(by: read) }
    return value
  }

  /// Makes `box` the value of `key` unless the key was already used (read other than to be
  /// overridden, `$0.client.endpoint = …`); returns whether it did.
  func prepare(_ box: AnyValueBox, for key: ObjectIdentifier) -> Bool {
    let slot = slot(for: key)
    if slot.prepare(box) { return true }
    if slot.isUsed { return false }
    replace(box, for: key)
    return true
  }

  /// Makes `box` the value of `key` for every later read, even if the key was already used
  /// (a preview re-running its body prepares again). What earlier reads kept is unchanged.
  func replace(_ box: AnyValueBox, for key: ObjectIdentifier) {
    let slot = ValueSlot()
    _ = slot.prepare(box)
    slots.withLock { $0[key] = slot }
  }

  @usableFromInline
  func slot(for key: ObjectIdentifier) -> ValueSlot {
    slots.withLock { slots in
      if let slot = slots[key] { return slot }
      let slot = ValueSlot()
      slots[key] = slot
      return slot
    }
  }
}

/// One key's value in a ``DefaultValueCache``: published once, then read without a lock.
@usableFromInline
final class ValueSlot: Sendable {
  // Write-once: readers load it without the lock; the slot releases it only in deinit, when no
  // reader can hold the slot any more.
  private let published = Atomic<Unmanaged<AnyValueBox>?>(nil)
  // Held while the value is built, so that concurrent readers wait for that one build. Guards a
  // value given by `prepareDependencies` and not yet read.
  private let building = Locked<AnyValueBox?>(nil)
  /// What plain reads need to know, in one word so that a read of a value in use costs one
  /// load: ``usedFlag``, the value was read other than while being overridden (then
  /// `prepareDependencies` can no longer replace it); ``liveValueReportIsDue``, the value kept
  /// is the test value of a key with no live value, read only to be overridden in the live
  /// context, and the first plain read reports it.
  private let state = Atomic<UInt8>(0)
  private static let usedFlag: UInt8 = 1
  private static let liveValueReportIsDue: UInt8 = 2

  @usableFromInline var isUsed: Bool { state.load(ordering: .relaxed) & Self.usedFlag != 0 }

  /// Notes a plain read (`read`), which reports a missing live value left to it.
  @usableFromInline func markUsed(by read: DependencyRead) {
    guard state.load(ordering: .relaxed) != Self.usedFlag else { return }
    // One reader takes the report.
    let before = state.exchange(Self.usedFlag, ordering: .relaxed)
    if before & Self.liveValueReportIsDue != 0 {
      DefaultValueFactory.reportIssue(MissingValueMessage(kind: .liveValue, read: read).text, at: read)
    }
  }

  deinit {
    published.load(ordering: .acquiring)?.release()
  }

  /// The value, once it has been read (built or prepared) in this cache.
  @usableFromInline var built: AnyValueBox? {
    published.load(ordering: .acquiring)?.takeUnretainedValue()
  }

  /// The prepared value, or the value built with `make` for `context` unless a racing reader
  /// already built it.
  ///
  /// A value that must not be kept (see ``DefaultValueFactory/Made/isCacheable``) is returned
  /// without being published. A read closing a cycle gets a fallback value built with `make`
  /// for another context (``BuildChain/fallback(cycle:acrossThreads:closedBy:_:)``).
  @usableFromInline
  func build<Value: Sendable>(
    key: ObjectIdentifier,
    context: DependencyContext,
    read: DependencyRead,
    _ make: (DependencyContext) -> DefaultValueFactory.Made<Value>
  ) -> Value {
    let link = BuildChain.Link(slot: self, key: key, context: context, read: read)
    if let cycle = BuildChain.cycle(closedBy: link) {
      return BuildChain.fallback(
        cycle: BuildChain.names(of: cycle, closedBy: link), acrossThreads: false, closedBy: link, make)
    }
    let outer = BuildChain.current
    let builder = outer?.builder ?? BuildChain.Builder()
    func buildOnce(_ prepared: inout AnyValueBox?) -> Value {
      if let box = built { return box.unbox(as: Value.self) }
      if let box = prepared {
        publish(box)
        return box.unbox(as: Value.self)
      }
      BuildGraph.started(self, by: builder, name: link.name)
      defer { BuildGraph.finished(self) }
      let chain = BuildChain(link: link, next: outer, builder: builder)
      let made = BuildChain.$current.withValue(chain) { make(context) }
      if made.isCacheable {
        // Before the value shows: a reader that sees it sees this too.
        if made.reportsLater { state.bitwiseOr(Self.liveValueReportIsDue, ordering: .relaxed) }
        publish(ValueBox(made.value))
      }
      return made.value
    }
    if let value = building.withLockIfAvailable(buildOnce) { return value }
    // Another thread builds it: wait for that build, unless it waits for one of ours.
    if let cycle = BuildGraph.wait(builder, for: self, name: link.name) {
      BuildGraph.stopWaiting(builder)
      return BuildChain.fallback(cycle: cycle, acrossThreads: true, closedBy: link, make)
    }
    defer { BuildGraph.stopWaiting(builder) }
    // A wait the graph cannot see through (the build waits for this thread some other way,
    // e.g. `DispatchQueue.sync`) would hang silently: say so after a while, then keep waiting.
    if let value = building.withLock(waitingAtMost: BuildGraph.patience, buildOnce) {
      return value
    }
    BuildChain.reportLongWait(for: link.name)
    return building.withLock(buildOnce)
  }

  /// The value `prepareDependencies` gave, before any read took it.
  @usableFromInline var prepared: AnyValueBox? {
    building.withLock { $0 }
  }

  /// Makes `box` the value of this slot; `false` when the slot's value was already read.
  func prepare(_ box: AnyValueBox) -> Bool {
    building.withLock { prepared in
      guard built == nil else { return false }
      prepared = box
      return true
    }
  }

  private func publish(_ box: AnyValueBox) {
    published.store(Unmanaged.passRetained(box), ordering: .releasing)
  }
}

/// A value of any type, in a class so it can be published through an atomic reference.
@usableFromInline
class AnyValueBox: @unchecked Sendable {
  // @unchecked: the subclass holds one immutable `Sendable` value.

  /// The value, when the caller knows its type (the key fixes it).
  @inlinable
  final func unbox<Value: Sendable>(as _: Value.Type) -> Value {
    unsafeDowncast(self, to: ValueBox<Value>.self).value
  }
}

@usableFromInline
final class ValueBox<Value: Sendable>: AnyValueBox, @unchecked Sendable {
  @usableFromInline let value: Value
  @usableFromInline init(_ value: Value) { self.value = value }
}
