#if Macros
import Harness
import WeatherFeature

extension WeatherClient {
  /// This client, writing each request it gets to `log` first.
  func logging(into log: Log<WeatherRequest>) -> WeatherClient {
    WeatherClient(
      searchLocations: { coordinate in
        log.append(.search(latitude: coordinate.latitude, longitude: coordinate.longitude))
        return try await searchLocations(coordinate)
      },
      weather: { id in
        log.append(.weather(id.rawValue))
        return try await weather(id)
      }
    )
  }
}

extension LocationClient {
  /// Reports `status`, sends its events from `events` (the test sends them), writes each
  /// location request to `log`, and fails the test if asked for authorization.
  static func handDriven(
    _ events: HandDrivenStream<DelegateEvent>,
    status: AuthorizationStatus,
    requests log: Log<String>
  ) -> LocationClient {
    var client = LocationClient.unimplemented
    client.authorizationStatus = { status }
    client.requestLocation = { log.append("requestLocation") }
    client.delegate = { events.stream }
    return client
  }
}

extension PathMonitorClient {
  /// Paths sent by the test.
  static func handDriven(_ paths: HandDrivenStream<NetworkPath>) -> PathMonitorClient {
    PathMonitorClient { paths.stream }
  }
}

/// The request `WeatherClient.happyPath` gets first for the location mocks' coordinate.
let searchNewYork = WeatherRequest.search(
  latitude: WeatherSamples.newYorkCoordinate.latitude,
  longitude: WeatherSamples.newYorkCoordinate.longitude
)

/// The forecast request for the place `WeatherClient.happyPath` finds.
let weatherInNewYork = WeatherRequest.weather(WeatherSamples.newYork.id.rawValue)
#endif
