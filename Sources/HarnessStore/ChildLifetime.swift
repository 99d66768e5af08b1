import HarnessDump
import HarnessIssues

/// One presented child feature: the `ifLet`/`forEach`/`ifCaseLet` that holds it (its state key
/// path or location) and which child it is (its `id`, when `Identifiable`). Its effects are
/// cancellable under this id, and their own cancellation ids are scoped to it.
struct ChildLifetime: Hashable, @unchecked Sendable {
  // @unchecked: both parts are built from `Hashable & Sendable` values only.
  let holder: AnyHashable
  let identity: AnyHashable

  /// The lifetime of the child `value` held by `holder`.
  init(holder: some Hashable & Sendable, child value: Any) {
    self.holder = AnyHashable(holder)
    self.identity = Self.identity(of: value)
  }

  init(holder: some Hashable & Sendable, id: some Hashable & Sendable) {
    self.holder = AnyHashable(holder)
    self.identity = AnyHashable(id)
  }

  private struct Present: Hashable {}

  private static func identity(of value: Any) -> AnyHashable {
    guard let identifiable = value as? any Identifiable else { return AnyHashable(Present()) }
    return id(of: identifiable)
  }

  private static func id<Value: Identifiable>(of value: Value) -> AnyHashable { AnyHashable(value.id) }

  /// `effect`, as an effect of this child: its ids scoped to it, cancellable with it.
  func own<Action>(_ effect: Effect<Action>) -> Effect<Action> {
    effect.scoped(in: AnyHashable(self)).cancellable(id: self)
  }

  /// Cancels every effect of this child.
  func end<Action>() -> Effect<Action> { .cancel(id: self) }
}

/// How reports print an action: its type, then its dump.
func describeAction(_ action: some Any) -> String {
  "The action (\(TypeName.full(for: type(of: action)))):\n\n\(dumpList([action]))"
}
