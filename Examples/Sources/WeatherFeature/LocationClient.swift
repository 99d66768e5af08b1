#if Macros
import Foundation
import Harness

/// Where the device is, shaped like a location manager: requests go out through endpoints and
/// the answers come back as ``DelegateEvent``s on ``delegate``.
///
/// ```swift
/// let events = locationClient.delegate()          // subscribe first: answers come here
/// if await locationClient.authorizationStatus() == .notDetermined {
///   await locationClient.requestWhenInUseAuthorization()
/// }
/// for await event in events { … }
/// ```
public struct LocationClient: Sendable {
  /// Whether the user lets the app see the location, as the manager knows it now.
  public var authorizationStatus: @Sendable () async -> AuthorizationStatus
  /// Asks the user; the answer arrives as ``DelegateEvent/didChangeAuthorization(_:)``.
  public var requestWhenInUseAuthorization: @Sendable () async -> Void
  /// Asks for one location fix; it arrives as ``DelegateEvent/didUpdateLocations(_:)``, or
  /// ``DelegateEvent/didFailWithError(_:)``.
  public var requestLocation: @Sendable () async -> Void
  /// The manager's events. Call it once, before making requests: it has a single subscriber.
  public var delegate: @Sendable () -> AsyncStream<DelegateEvent>

  public init(
    authorizationStatus: @escaping @Sendable () async -> AuthorizationStatus,
    requestWhenInUseAuthorization: @escaping @Sendable () async -> Void,
    requestLocation: @escaping @Sendable () async -> Void,
    delegate: @escaping @Sendable () -> AsyncStream<DelegateEvent>
  ) {
    self.authorizationStatus = authorizationStatus
    self.requestWhenInUseAuthorization = requestWhenInUseAuthorization
    self.requestLocation = requestLocation
    self.delegate = delegate
  }

  public enum AuthorizationStatus: Equatable, Sendable {
    case notDetermined
    case restricted
    case denied
    case authorizedAlways
    case authorizedWhenInUse

    /// Whether locations may be requested.
    public var isAuthorized: Bool { self == .authorizedAlways || self == .authorizedWhenInUse }
  }

  public enum DelegateEvent: Equatable, Sendable {
    case didChangeAuthorization(AuthorizationStatus)
    /// The newest location is last.
    case didUpdateLocations([Coordinate])
    /// Why no location could be found, in words.
    case didFailWithError(String)
  }
}

extension LocationClient: DependencyKey {
  /// The location in the `WEATHER_LOCATION` environment variable (see ``live(environment:)``).
  public static var liveValue: LocationClient { .live(environment: ProcessInfo.processInfo.environment) }

  /// The location in `WEATHER_LOCATION=LAT,LON` (``fixed(_:)``), or none at all when it is
  /// missing or not a coordinate (``unconfigured``). The `weather` command parses the variable
  /// itself, to say what is wrong with it.
  public static func live(environment: [String: String]) -> LocationClient {
    guard let setting = environment["WEATHER_LOCATION"], let coordinate = try? Coordinate(parsing: setting)
    else { return .unconfigured }
    return .fixed(coordinate)
  }

  /// Fails the test on use.
  public static var testValue: LocationClient { .unimplemented }

  /// Already authorized, in New York.
  public static var previewValue: LocationClient { .authorizedWhenInUse }

  /// Every endpoint reports an issue when called; `delegate` then returns a finished stream.
  public static var unimplemented: LocationClient {
    LocationClient(
      authorizationStatus: HarnessIssues.unimplemented("LocationClient.authorizationStatus", placeholder: .denied),
      requestWhenInUseAuthorization: HarnessIssues.unimplemented("LocationClient.requestWhenInUseAuthorization"),
      requestLocation: HarnessIssues.unimplemented("LocationClient.requestLocation"),
      delegate: HarnessIssues.unimplemented("LocationClient.delegate", placeholder: .finished)
    )
  }

  /// Authorized already; a location request finds New York, and then the delegate stream ends.
  public static var authorizedWhenInUse: LocationClient {
    .oneShot(status: .authorizedWhenInUse, location: WeatherSamples.newYorkCoordinate)
  }

  /// Not asked yet (and it says so every time); the user grants access when asked, a location
  /// request then finds New York, and then the delegate stream ends.
  public static var notDetermined: LocationClient {
    .oneShot(status: .notDetermined, grants: .authorizedWhenInUse, location: WeatherSamples.newYorkCoordinate)
  }

  /// A device that is always at `coordinate`: authorized, answers a location request with it,
  /// and then ends the delegate stream. What the `weather` command uses for `--location`.
  public static func fixed(_ coordinate: Coordinate) -> LocationClient {
    .oneShot(status: .authorizedWhenInUse, location: coordinate)
  }

  /// A device with no location to give: access is denied and no event ever comes.
  public static var unconfigured: LocationClient {
    LocationClient(
      authorizationStatus: { .denied },
      requestWhenInUseAuthorization: {},
      requestLocation: {},
      delegate: { .finished }
    )
  }

  /// A manager reporting `status`, answering an authorization request with `grants` (when
  /// given) and a location request with `location`, after which its stream ends: a model's
  /// `task()` then returns once it has handled everything.
  static func oneShot(
    status: AuthorizationStatus,
    grants: AuthorizationStatus? = nil,
    location: Coordinate
  ) -> LocationClient {
    let (events, continuation) = AsyncStream.makeStream(of: DelegateEvent.self)
    return LocationClient(
      authorizationStatus: { status },
      requestWhenInUseAuthorization: {
        if let grants { continuation.yield(.didChangeAuthorization(grants)) }
      },
      requestLocation: {
        continuation.yield(.didUpdateLocations([location]))
        continuation.finish()
      },
      delegate: { events }
    )
  }
}

extension AsyncStream {
  /// A stream that has already ended.
  public static var finished: AsyncStream { AsyncStream { $0.finish() } }
}

extension DependencyValues {
  /// Where the device is.
  public var locationClient: LocationClient {
    get { self[LocationClient.self] }
    set { self[LocationClient.self] = newValue }
  }
}
#endif
