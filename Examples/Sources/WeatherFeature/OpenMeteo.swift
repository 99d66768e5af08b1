#if Macros
import Foundation
#if canImport(FoundationNetworking)
  import FoundationNetworking  // URLSession lives here on Linux
#endif

/// The live ``WeatherClient``: Open-Meteo's forecast API, public and without a key.
///
/// Open-Meteo has no reverse geocoding, so a search asks the forecast API for the grid point
/// nearest the coordinate: that point becomes the location's id, named by its coordinate and
/// time zone, e.g. `52.52°N, 13.42°E (Europe/Berlin)`.
public enum OpenMeteo {
  /// Fetches a URL: the HTTP status and the body. Tests pass canned answers.
  public typealias Transport = @Sendable (URL) async throws -> (statusCode: Int, body: Data)

  /// The forecast endpoint.
  public static let forecastURL = URL(string: "https://api.open-meteo.com/v1/forecast")!

  /// How many days a forecast covers, today included.
  public static let forecastDays = 7

  /// `URLSession` with a request timeout, so an unreachable host fails in seconds instead of
  /// hanging.
  public static func urlSession(timeout: TimeInterval = 10) -> Transport {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.timeoutIntervalForResource = timeout * 1.5
    let session = URLSession(configuration: configuration)
    return { url in
      let (data, response) = try await session.data(from: url)
      return ((response as? HTTPURLResponse)?.statusCode ?? 200, data)
    }
  }

  package static func searchURL(_ coordinate: Coordinate, base: URL) -> URL {
    // One small variable, so the answer is a forecast like any other; only its grid point and
    // time zone are used.
    url(base, coordinate, [
      URLQueryItem(name: "current", value: "weather_code"),
      URLQueryItem(name: "timezone", value: "auto"),
    ])
  }

  static func weatherURL(_ coordinate: Coordinate, base: URL) -> URL {
    url(base, coordinate, [
      URLQueryItem(name: "daily", value: "weather_code,temperature_2m_max,temperature_2m_min"),
      URLQueryItem(name: "timezone", value: "auto"),
      URLQueryItem(name: "forecast_days", value: "\(forecastDays)"),
    ])
  }

  private static func url(_ base: URL, _ coordinate: Coordinate, _ items: [URLQueryItem]) -> URL {
    var components = URLComponents(url: base, resolvingAgainstBaseURL: false)!
    components.queryItems = [
      // Fixed decimals: `Double.description` would write 0.00001 as "1e-05".
      URLQueryItem(name: "latitude", value: coordinate.latitude.formatted(decimals: 4)),
      URLQueryItem(name: "longitude", value: coordinate.longitude.formatted(decimals: 4)),
    ] + items
    return components.url!
  }

  /// A location id is the grid point's `LAT,LON`.
  static func locationID(_ coordinate: Coordinate) -> Location.ID {
    Location.ID("\(coordinate.latitude.formatted(decimals: 4)),\(coordinate.longitude.formatted(decimals: 4))")
  }

  static func coordinate(of id: Location.ID, host: String) throws -> Coordinate {
    do {
      return try Coordinate(parsing: id.rawValue)
    } catch {
      throw WeatherClientError.unreadable(host: host, reason: "'\(id)' is not a location id it gave out")
    }
  }

  /// The grid point of a forecast answer without variables.
  static func decodeLocation(_ body: Data) throws -> Location {
    struct Answer: Decodable {
      var latitude: Double
      var longitude: Double
      var timezone: String?
    }
    let answer = try JSONDecoder().decode(Answer.self, from: body)
    let point = Coordinate(latitude: answer.latitude, longitude: answer.longitude)
    let zone = answer.timezone.map { " (\($0))" } ?? ""
    return Location(id: locationID(point), title: "\(point)\(zone)")
  }

  /// The days of a forecast answer asked for with ``weatherURL(_:base:)``. Days with a missing
  /// value are left out.
  static func decodeDays(_ body: Data) throws -> [DailyWeather] {
    struct Answer: Decodable {
      struct Daily: Decodable {
        var time: [String]
        var weather_code: [Int?]
        var temperature_2m_max: [Double?]
        var temperature_2m_min: [Double?]
      }
      var daily: Daily
    }
    let daily = try JSONDecoder().decode(Answer.self, from: body).daily
    return daily.time.indices.compactMap { index in
      guard
        let code = daily.weather_code[safe: index] ?? nil,
        let low = daily.temperature_2m_min[safe: index] ?? nil,
        let high = daily.temperature_2m_max[safe: index] ?? nil
      else { return nil }
      return DailyWeather(
        date: daily.time[index], condition: WeatherCondition(code: code), minTemperature: low, maxTemperature: high
      )
    }
  }

  /// Open-Meteo's own explanation of an error answer: `{"error": true, "reason": "…"}`.
  static func decodeReason(_ body: Data) -> String? {
    struct Answer: Decodable { var reason: String }
    return try? JSONDecoder().decode(Answer.self, from: body).reason
  }
}

extension WeatherClient {
  /// Open-Meteo at `base` (default: ``OpenMeteo/forecastURL``), fetched with `transport`
  /// (default: `URLSession` with a 10 s timeout).
  public static func openMeteo(
    base: URL = OpenMeteo.forecastURL,
    transport: @escaping OpenMeteo.Transport = OpenMeteo.urlSession()
  ) -> WeatherClient {
    let host = base.host ?? base.absoluteString
    @Sendable func get<T>(_ url: URL, _ decode: (Data) throws -> T) async throws -> T {
      let (status, body) = try await fetch(url, host: host, transport: transport)
      guard (200..<300).contains(status) else {
        throw WeatherClientError.badStatus(
          host: host, status: status, reason: OpenMeteo.decodeReason(body) ?? "no reason given"
        )
      }
      do {
        return try decode(body)
      } catch {
        throw WeatherClientError.unreadable(host: host, reason: explain(error))
      }
    }
    return WeatherClient(
      searchLocations: { coordinate in
        [try await get(OpenMeteo.searchURL(coordinate, base: base), OpenMeteo.decodeLocation)]
      },
      weather: { id in
        let coordinate = try OpenMeteo.coordinate(of: id, host: host)
        return try await get(OpenMeteo.weatherURL(coordinate, base: base), OpenMeteo.decodeDays)
      }
    )
  }
}

/// Runs `transport`, turning transport errors into ``WeatherClientError``s that say what failed.
private func fetch(_ url: URL, host: String, transport: OpenMeteo.Transport) async throws -> (Int, Data) {
  do {
    return try await transport(url)
  } catch let error as URLError {
    switch error.code {
    case .notConnectedToInternet, .cannotFindHost, .dnsLookupFailed, .cannotConnectToHost,
      .networkConnectionLost, .timedOut, .internationalRoamingOff, .dataNotAllowed:
      throw WeatherClientError.unreachable(host: host, reason: error.localizedDescription)
    case .cancelled:
      throw CancellationError()
    default:
      throw WeatherClientError.transferFailed(host: host, reason: error.localizedDescription)
    }
  }
}

/// A decoding failure in a few words: which field was wrong.
private func explain(_ error: any Error) -> String {
  guard let error = error as? DecodingError else { return "\(error)" }
  switch error {
  case let .keyNotFound(key, _): return "it has no '\(key.stringValue)'"
  case let .typeMismatch(_, context), let .valueNotFound(_, context):
    return "'\(context.codingPath.map(\.stringValue).joined(separator: "."))' has the wrong type"
  case .dataCorrupted: return "it is not JSON"
  @unknown default: return "\(error)"
  }
}

extension Array {
  subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
#endif
