/// A feature's logic: how an action changes state, and which effects it starts.
///
/// ```swift
/// struct Counter: Reducer {
///   struct State: Equatable { var count = 0 }
///   enum Action: Equatable { case incrementButtonTapped, delayedIncrementButtonTapped }
///   @Dependency(\.continuousClock) var clock
///
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     switch action {
///     case .incrementButtonTapped:
///       state.count += 1
///       return .none
///     case .delayedIncrementButtonTapped:
///       return .run { send in
///         try await clock.sleep(for: .seconds(1))
///         await send(.incrementButtonTapped)
///       }
///     }
///   }
/// }
/// ```
///
/// A reducer made of other reducers implements `body` instead of `reduce(into:action:)`:
///
/// <!-- fragment: a parent feature's body; Counter is the child feature above -->
/// ```swift
/// var body: some Reducer<State, Action> {
///   Scope(state: \.counter, action: Action.counter) { Counter() }
///   Reduce { state, action in … }
/// }
/// ```
public protocol Reducer<State, Action>: Sendable {
  /// The feature's state. Sendable: effects send actions from other tasks.
  associatedtype State: Sendable
  /// The feature's actions: what the user did and what effects answered.
  associatedtype Action: Sendable
  /// The reducer this one is composed of, when it implements `body`.
  associatedtype Body = Never

  /// Changes `state` for `action` and returns the effect to run (`.none` for no effect).
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducers this one is made of, run in order.
  @ReducerBuilder<State, Action>
  var body: Body { get }
}

extension Reducer where Body == Never {
  /// A reducer that implements `reduce(into:action:)` has no body.
  public var body: Never {
    fatalError("'\(Self.self)' implements reduce(into:action:); its body must not be read.")
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// Runs the reducers of `body`.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }
}
