#if Macros
import Harness

/// Whether the network is usable, as a stream of changes. A struct of closures, so each test
/// decides what it does.
///
/// ```swift
/// for await path in pathMonitorClient.networkPathUpdates() {
///   isConnected = path.status == .satisfied
/// }
/// ```
public struct PathMonitorClient: Sendable {
  /// The current path first, then each change. Every call starts a new stream.
  public var networkPathUpdates: @Sendable () -> AsyncStream<NetworkPath>

  public init(networkPathUpdates: @escaping @Sendable () -> AsyncStream<NetworkPath>) {
    self.networkPathUpdates = networkPathUpdates
  }
}

extension PathMonitorClient: DependencyKey {
  /// Looks at the machine's network interfaces every 3 seconds (see ``polling(every:status:)``).
  public static var liveValue: PathMonitorClient {
    .polling(every: .seconds(3)) { _ in NetworkInterfaces.current().status }
  }

  /// Fails the test on use.
  public static let testValue = PathMonitorClient.unimplemented

  /// Connected.
  public static let previewValue = PathMonitorClient.satisfied

  /// Reports an issue when called, then returns a finished stream.
  public static let unimplemented = PathMonitorClient(
    networkPathUpdates: HarnessIssues.unimplemented("PathMonitorClient.networkPathUpdates", placeholder: .finished)
  )

  /// Connected, and it never changes: the stream ends after the first path.
  public static let satisfied = PathMonitorClient.constant(.satisfied)

  /// Disconnected, and it never changes: the stream ends after the first path.
  public static let unsatisfied = PathMonitorClient.constant(.unsatisfied)

  /// Connected, then disconnected 2 seconds later, connected again 2 seconds after that, and so
  /// on, on the `continuousClock` dependency.
  public static let flakey = PathMonitorClient.polling(every: .seconds(2)) { tick in
    tick.isMultiple(of: 2) ? .satisfied : .unsatisfied
  }

  /// The machine's connectivity now, then the stream ends: for a command that checks once.
  public static let snapshot = PathMonitorClient {
    constant(NetworkPath(status: NetworkInterfaces.current().status)).networkPathUpdates()
  }

  /// One path, then the stream ends.
  public static func constant(_ path: NetworkPath) -> PathMonitorClient {
    PathMonitorClient {
      AsyncStream { continuation in
        continuation.yield(path)
        continuation.finish()
      }
    }
  }

  /// Asks `status` for the status on every tick of the `continuousClock` dependency (tick 0 at
  /// once, tick n at n × `interval` after the stream was made) and reports it when it changed.
  ///
  /// The clock is read when ``networkPathUpdates`` is called, so a test's `TestClock` drives it:
  ///
  /// ```swift
  /// let paths = withDependencies { $0.continuousClock = clock } operation: {
  ///   PathMonitorClient.flakey.networkPathUpdates()
  /// }
  /// ```
  public static func polling(
    every interval: Duration,
    status: @escaping @Sendable (_ tick: Int) -> NetworkPath.Status
  ) -> PathMonitorClient {
    PathMonitorClient {
      @Dependency(\.continuousClock) var clock
      let poller = PathPoller(clock: clock, interval: interval, status: status)
      return AsyncStream(unfolding: poller.nextChange)
    }
  }
}

extension DependencyValues {
  /// Whether the network is usable.
  public var pathMonitorClient: PathMonitorClient {
    get { self[PathMonitorClient.self] }
    set { self[PathMonitorClient.self] = newValue }
  }
}
#endif
