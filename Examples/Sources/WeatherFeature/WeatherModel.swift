#if Macros
import Harness
import Observation

/// The Weather screen's logic: a plain observable object, no store. It follows the network's
/// path and the device's location, and shows the forecast for where the device is.
///
/// ```swift
/// let model = WeatherModel()
/// Task { await model.task() }             // while the screen is shown
/// await model.locationButtonTapped()      // asks for permission or a location
/// model.weatherResults                    // the week ahead
/// ```
///
/// Its clients come from dependencies captured when it is made, so a test makes it inside
/// `withDependencies { $0.weatherClient = .happyPath … } operation: { WeatherModel() }`.
/// Every event is handled to the end (requests included) before the next one of its stream
/// is read: a test that feeds a stream by hand knows the model is done with an event when the
/// model asks for the next one.
@MainActor
@Observable
public final class WeatherModel {
  /// The place the forecast is for, as the weather service named it.
  public private(set) var currentLocation: Location?
  /// The forecast for ``currentLocation``, today first; empty while offline or loading.
  public private(set) var weatherResults: [DailyWeather] = []
  /// A location request is out and unanswered.
  public private(set) var isLocating = false
  /// Why there is no weather to show, if something went wrong.
  public private(set) var problem: WeatherProblem?

  /// Whether the network is usable: `true` until the path monitor says otherwise.
  public var isConnected: Bool { path?.status != .unsatisfied }

  /// The latest path; nil until the path monitor has reported one, and no request goes out
  /// before it has: a location that arrives first waits for it.
  private var path: NetworkPath?
  /// The latest location fix. Kept while offline, searched once connected.
  private var coordinate: Coordinate?
  /// Bumped by every refresh and every disconnection: an answer that arrives after either is
  /// stale and dropped.
  @ObservationIgnored private var refreshes = 0

  @ObservationIgnored @Dependency(\.locationClient) private var locationClient
  @ObservationIgnored @Dependency(\.pathMonitorClient) private var pathMonitorClient
  @ObservationIgnored @Dependency(\.weatherClient) private var weatherClient

  public init() {}

  /// Follows the network path and the location manager's events until both streams end or the
  /// task is cancelled, and asks for the location at once if the app may see it.
  public func task() async {
    // Clients that read dependencies when called (the live path monitor reads the clock) then
    // see this model's, not those of whoever runs the task.
    await withDependencies(from: self, operation: {
      // Subscribe before requesting anything: the answers arrive on this stream.
      let events = locationClient.delegate()
      let paths = pathMonitorClient.networkPathUpdates()
      await withDiscardingTaskGroup { group in
        group.addTask { await self.follow(paths) }
        group.addTask { await self.follow(events) }
        if await locationClient.authorizationStatus().isAuthorized {
          await requestLocation()
        }
      }
    })
  }

  /// Asks for permission if the user was never asked, for the location if permission is
  /// granted, and otherwise explains that there is no location.
  public func locationButtonTapped() async {
    switch await locationClient.authorizationStatus() {
    case .notDetermined:
      await locationClient.requestWhenInUseAuthorization()
    case .restricted, .denied:
      problem = .locationDenied
    case .authorizedAlways, .authorizedWhenInUse:
      await requestLocation()
    }
  }

  private func follow(_ paths: AsyncStream<NetworkPath>) async {
    for await path in paths {
      self.path = path
      if path.status == .satisfied {
        await refreshWeather()
      } else {
        refreshes += 1
        weatherResults = []
      }
    }
  }

  private func follow(_ events: AsyncStream<LocationClient.DelegateEvent>) async {
    for await event in events {
      switch event {
      case let .didChangeAuthorization(status):
        if status.isAuthorized {
          await requestLocation()
        } else if status == .denied || status == .restricted {
          problem = .locationDenied
        }
      case let .didUpdateLocations(coordinates):
        isLocating = false
        guard let newest = coordinates.last else { continue }
        if newest != coordinate {
          coordinate = newest
          currentLocation = nil
        }
        await refreshWeather()
      case let .didFailWithError(reason):
        isLocating = false
        problem = .locationFailed(reason)
      }
    }
  }

  private func requestLocation() async {
    guard !isLocating else { return }
    isLocating = true
    await locationClient.requestLocation()
  }

  /// When connected and the location is known: finds the place (once per location) and fetches
  /// its forecast.
  private func refreshWeather() async {
    guard path?.status == .satisfied, let coordinate else { return }
    refreshes += 1
    let refresh = refreshes
    weatherResults = []
    do {
      let location: Location
      if let currentLocation {
        location = currentLocation
      } else {
        let found = try await weatherClient.searchLocations(near: coordinate).first
        guard refresh == refreshes else { return }
        guard let found else {
          problem = .noLocationFound(coordinate)
          return
        }
        currentLocation = found
        location = found
      }
      let days = try await weatherClient.weather(for: location.id)
      guard refresh == refreshes else { return }
      weatherResults = days
      problem = nil
    } catch is CancellationError {
      // The screen went away; nothing to show.
    } catch {
      guard refresh == refreshes else { return }
      problem = .requestFailed("\(error)")
    }
  }
}
#endif
