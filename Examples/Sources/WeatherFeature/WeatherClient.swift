#if Macros
import Harness
import HarnessMacros

/// Finds places and their forecasts. A struct of closures, so each test decides what it does.
///
/// `@DependencyClient` writes its initializer taking both endpoints, the unimplemented `init()`
/// (each endpoint reports `Unimplemented: 'WeatherClient.weather'` and throws), `.noop`, and the
/// labelled calls:
///
/// ```swift
/// let places = try await weatherClient.searchLocations(near: Coordinate(latitude: 52.52, longitude: 13.41))
/// let days = try await weatherClient.weather(for: places[0].id)
/// ```
@DependencyClient
public struct WeatherClient: Sendable {
  /// The places near a coordinate the service has forecasts for, nearest first.
  public var searchLocations: @Sendable (_ near: Coordinate) async throws -> [Location]
  /// The daily forecast for a place found by ``searchLocations``, today first.
  public var weather: @Sendable (_ for: Location.ID) async throws -> [DailyWeather]
}

extension WeatherClient: DependencyKey {
  /// Open-Meteo over HTTPS (no API key).
  public static var liveValue: WeatherClient { .openMeteo() }

  /// Fails the test on use: a test that expects requests overrides it.
  public static let testValue = WeatherClient.unimplemented

  /// Sample weather in New York, without the network.
  public static let previewValue = WeatherClient.happyPath

  /// Every endpoint reports an issue (and throws) when called: the macro's `init()`.
  public static let unimplemented = WeatherClient()

  /// Finds New York wherever you are, with a week of sample weather.
  public static let happyPath = WeatherClient(
    searchLocations: { _ in [WeatherSamples.newYork] },
    weather: { _ in WeatherSamples.week }
  )

  /// Every request fails with ``WeatherClientError/unreachable(host:reason:)``, like a machine
  /// without internet.
  public static let failed = WeatherClient(
    searchLocations: { _ in throw WeatherClientError.unreachable(host: "weather.example", reason: "offline") },
    weather: { _ in throw WeatherClientError.unreachable(host: "weather.example", reason: "offline") }
  )

  /// Knows no place and no weather.
  public static let empty = WeatherClient(searchLocations: { _ in [] }, weather: { _ in [] })
}

extension DependencyValues {
  /// Where places and forecasts come from.
  public var weatherClient: WeatherClient {
    get { self[WeatherClient.self] }
    set { self[WeatherClient.self] = newValue }
  }
}
#endif
