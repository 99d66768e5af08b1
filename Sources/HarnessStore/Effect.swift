import HarnessDependencies
import HarnessIssues

/// Work a reducer asks for after changing state: nothing, an action to send right away, or an
/// async operation that can send actions back.
///
/// Effects are values: a reducer returns them and the ``Store`` (or ``TestStore``) runs them.
/// An effect captures the dependencies current where it is created: one made inside
/// `withDependencies { … } operation: { … }` in a reducer sees those values when it runs.
///
/// <!-- fragment: a case of a reducer's switch; api and CancelID are the feature's -->
/// ```swift
/// case .refreshButtonTapped:
///   return .run { send in
///     await send(.refreshed(try await api.fetch()))
///   }
///   .cancellable(id: CancelID.refresh, cancelInFlight: true)
/// ```
public struct Effect<Action: Sendable>: Sendable {
  indirect enum Operation: Sendable {
    case none
    /// The action, and the dependencies to reduce it with (captured at creation).
    case send(Action, DependencyValues)
    case run(Run)
    case merge([Effect])
    case concatenate([Effect])
    case cancellable(Effect, id: EffectID, cancelInFlight: Bool)
    case cancel(id: EffectID)
  }

  struct Run: Sendable {
    var priority: TaskPriority?
    /// Where `.run` was called: effects still running at the end of a test point here.
    var origin: SourceCodeLocation
    /// The dependencies where the effect was created; the operation runs with them.
    var dependencies: DependencyValues
    /// The child features (`ifLet`, `forEach` elements) the effect belongs to, outermost first:
    /// `Task.cancel(id:)` inside it cancels ids of that scope.
    var scope = EffectScope()
    var operation: @Sendable (Send<Action>) async -> Void
  }

  let operation: Operation

  init(_ operation: Operation) { self.operation = operation }

  /// An effect that does nothing.
  public static var none: Self { Self(.none) }

  /// An effect that sends `action` back into the store immediately after the reducer returns.
  public static func send(_ action: Action) -> Self { Self(.send(action, .current)) }

  /// An effect that runs `operation` in a task; it sends actions back with `send`.
  ///
  /// An error thrown by `operation` goes to `handler` when given; otherwise it is reported as an
  /// issue naming where the effect was created (`CancellationError` is never reported).
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    let origin = SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    return Self(
      .run(
        Run(priority: priority, origin: origin, dependencies: .current) { send in
          do {
            try await operation(send)
          } catch is CancellationError {
            return
          } catch {
            if Task.isCancelled { return }
            if let handler {
              await handler(error, send)
            } else if error is Unimplemented {
              // The endpoint reported its use already: one mistake, one issue.
              return
            } else {
              HarnessIssues.reportIssue(
                ReportedIssue(
                  message: """
                    An effect created at \(origin.fileID):\(origin.line) threw an error it did not handle:

                      \(error)

                    Catch errors inside the effect, or pass a `catch:` handler to `.run` that \
                    turns them into an action.
                    """,
                  error: error,
                  location: origin
                )
              )
            }
          }
        }
      )
    )
  }

  /// Runs all `effects` at the same time.
  public static func merge(_ effects: Self...) -> Self { merge(effects) }

  /// Runs all `effects` at the same time.
  public static func merge(_ effects: some Sequence<Self>) -> Self {
    let effects = effects.filter { if case .none = $0.operation { false } else { true } }
    switch effects.count {
    case 0: return .none
    case 1: return effects[0]
    default: return Self(.merge(effects))
    }
  }

  /// Runs `effects` one after another: each starts when the previous one finished.
  public static func concatenate(_ effects: Self...) -> Self { concatenate(effects) }

  /// Runs `effects` one after another: each starts when the previous one finished.
  public static func concatenate(_ effects: some Sequence<Self>) -> Self {
    let effects = effects.filter { if case .none = $0.operation { false } else { true } }
    switch effects.count {
    case 0: return .none
    case 1: return effects[0]
    default: return Self(.concatenate(effects))
    }
  }

  /// Makes this effect cancellable with `.cancel(id:)`. With `cancelInFlight: true`, starting it
  /// first cancels any effect still running under the same id (debouncing, restarting).
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    if case .none = operation { return self }
    return Self(.cancellable(self, id: EffectID(id), cancelInFlight: cancelInFlight))
  }

  /// An effect that cancels every running effect made cancellable with `id`.
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(.cancel(id: EffectID(id)))
  }

  /// This effect and `other` at the same time.
  public func merge(with other: Self) -> Self { .merge(self, other) }

  /// This effect, then `other` once it finished.
  public func concatenate(with other: Self) -> Self { .concatenate(self, other) }

  /// The same work, with every action it sends transformed by `transform` (e.g. into a parent
  /// feature's action).
  public func map<NewAction: Sendable>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> Effect<NewAction> {
    switch operation {
    case .none:
      return .none
    case let .send(action, dependencies):
      return Effect<NewAction>(.send(transform(action), dependencies))
    case let .run(run):
      return Effect<NewAction>(
        .run(
          Effect<NewAction>.Run(
            priority: run.priority,
            origin: run.origin,
            dependencies: run.dependencies,
            scope: run.scope
          ) { send in
            await run.operation(Send { action in await send(transform(action)) })
          }
        )
      )
    case let .merge(effects):
      return Effect<NewAction>(.merge(effects.map { $0.map(transform) }))
    case let .concatenate(effects):
      return Effect<NewAction>(.concatenate(effects.map { $0.map(transform) }))
    case let .cancellable(effect, id, cancelInFlight):
      return Effect<NewAction>(.cancellable(effect.map(transform), id: id, cancelInFlight: cancelInFlight))
    case let .cancel(id):
      return Effect<NewAction>(.cancel(id: id))
    }
  }
}

/// A cancellation id of any hashable, sendable type, within the child feature that used it.
struct EffectID: Hashable, @unchecked Sendable {
  // @unchecked: built only from `Hashable & Sendable` values, which AnyHashable does not record.
  let base: AnyHashable
  /// The child features the id was used in: the same id in two `forEach` elements is two ids.
  var scope: EffectScope

  init(_ base: some Hashable & Sendable, scope: EffectScope = EffectScope()) {
    self.base = AnyHashable(base)
    self.scope = scope
  }
}

/// A path of child features (an `ifLet`'s child, a `forEach` element), outermost first.
struct EffectScope: Hashable, @unchecked Sendable {
  // @unchecked: components are built only from `Hashable & Sendable` values.
  var components: [AnyHashable] = []
}

extension Effect {
  /// The same effect inside the child feature `component`: its cancellation ids (and the ids
  /// `Task.cancel(id:)` uses inside it) become ids of that child.
  func scoped(in component: AnyHashable) -> Self {
    switch operation {
    case .none, .send:
      return self
    case var .run(run):
      run.scope.components.insert(component, at: 0)
      return Self(.run(run))
    case let .merge(effects):
      return Self(.merge(effects.map { $0.scoped(in: component) }))
    case let .concatenate(effects):
      return Self(.concatenate(effects.map { $0.scoped(in: component) }))
    case let .cancellable(effect, id, cancelInFlight):
      var id = id
      id.scope.components.insert(component, at: 0)
      return Self(.cancellable(effect.scoped(in: component), id: id, cancelInFlight: cancelInFlight))
    case var .cancel(id):
      id.scope.components.insert(component, at: 0)
      return Self(.cancel(id: id))
    }
  }
}
