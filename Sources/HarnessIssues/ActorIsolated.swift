/// A value that tasks share through an actor: for tests whose collecting code is async
/// already, or that must await the change.
///
/// ```swift
/// struct AnalyticsClient: Sendable { var track: @Sendable (String) async -> Void }
///
/// struct Checkout {
///   let analytics: AnalyticsClient
///   func pay() async { await analytics.track("checkout.paid") }
/// }
///
/// @Test func logsEveryEvent() async {
///   let events = ActorIsolated<[String]>([])
///   let analytics = AnalyticsClient(track: { event in await events.withValue { $0.append(event) } })
///   await Checkout(analytics: analytics).pay()
///   #expect(await events.value == ["checkout.paid"])
/// }
/// ```
///
/// From synchronous code (a closure that is not `async`) use ``LockIsolated`` instead.
public final actor ActorIsolated<Value: Sendable> {
  /// The value now.
  public var value: Value

  /// A value `value` isolated to a new actor.
  public init(_ value: @autoclosure @Sendable () throws -> Value) rethrows {
    self.value = try value()
  }

  /// Reads and changes the value in one step, isolated to the actor.
  public func withValue<T: Sendable>(_ operation: @Sendable (inout Value) throws -> T) rethrows -> T {
    var value = self.value
    defer { self.value = value }
    return try operation(&value)
  }

  /// Replaces the value.
  public func setValue(_ newValue: Value) {
    value = newValue
  }
}
