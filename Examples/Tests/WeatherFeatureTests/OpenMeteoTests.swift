#if Macros
import Foundation
import Testing

import WeatherFeature

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The live weather client, against canned answers (this machine has no internet, and tests
/// should not depend on it anyway), plus one real request to a port where nothing listens.
@Suite struct OpenMeteoTests {
  let berlin = Coordinate(latitude: 52.52, longitude: 13.41)

  let searchAnswer = Data(
    """
    {"latitude":52.52,"longitude":13.419998,"generationtime_ms":0.02,"utc_offset_seconds":7200,
     "timezone":"Europe/Berlin","timezone_abbreviation":"GMT+2","elevation":38.0,
     "current_units":{"time":"iso8601","interval":"seconds","weather_code":"wmo code"},
     "current":{"time":"2025-05-12T10:00","interval":900,"weather_code":3}}
    """.utf8
  )

  let weatherAnswer = Data(
    """
    {"latitude":52.52,"longitude":13.419998,"timezone":"Europe/Berlin",
     "daily_units":{"time":"iso8601","weather_code":"wmo code","temperature_2m_max":"°C","temperature_2m_min":"°C"},
     "daily":{"time":["2025-05-12","2025-05-13","2025-05-14"],
              "weather_code":[3,61,null],
              "temperature_2m_max":[19.4,16.2,18.0],
              "temperature_2m_min":[8.1,9.0,7.5]}}
    """.utf8
  )

  @Test func asksForTheGridPointThenItsDailyForecast() async throws {
    let asked = Log<String>()
    let client = WeatherClient.openMeteo { url in
      asked.append(url.absoluteString)
      return (200, url.query?.contains("daily=") == true ? weatherAnswer : searchAnswer)
    }

    let places = try await client.searchLocations(berlin)
    #expect(places == [Location(id: Location.ID("52.5200,13.4200"), title: "52.52°N, 13.42°E (Europe/Berlin)")])
    let days = try await client.weather(places[0].id)

    #expect(
      days == [
        DailyWeather(date: "2025-05-12", condition: .overcast, minTemperature: 8.1, maxTemperature: 19.4),
        DailyWeather(date: "2025-05-13", condition: WeatherCondition(code: 61), minTemperature: 9.0, maxTemperature: 16.2),
      ],
      "a day with a missing value is left out"
    )
    #expect(
      asked.entries == [
        "https://api.open-meteo.com/v1/forecast?latitude=52.5200&longitude=13.4100&current=weather_code&timezone=auto",
        "https://api.open-meteo.com/v1/forecast?latitude=52.5200&longitude=13.4200"
          + "&daily=weather_code,temperature_2m_max,temperature_2m_min&timezone=auto&forecast_days=7",
      ]
    )
  }

  @Test func coordinatesAreWrittenWithoutExponents() {
    let url = OpenMeteo.searchURL(Coordinate(latitude: 0.00001, longitude: -0.5), base: OpenMeteo.forecastURL)
    #expect(url.query?.hasPrefix("latitude=0.0000&longitude=-0.5000&") == true)
  }

  @Test func anHTTPErrorCarriesOpenMeteosReason() async {
    let client = WeatherClient.openMeteo { _ in
      (400, Data(#"{"error":true,"reason":"Latitude must be in range of -90 to 90°. Given: 100.0."}"#.utf8))
    }
    await #expect(
      throws: WeatherClientError.badStatus(
        host: "api.open-meteo.com", status: 400, reason: "Latitude must be in range of -90 to 90°. Given: 100.0."
      )
    ) {
      try await client.searchLocations(berlin)
    }
  }

  @Test func anAnswerThatIsNotTheExpectedJSONIsUnreadable() async {
    let notJSON = WeatherClient.openMeteo { _ in (200, Data("<html>".utf8)) }
    await #expect(throws: WeatherClientError.unreadable(host: "api.open-meteo.com", reason: "it is not JSON")) {
      try await notJSON.searchLocations(berlin)
    }
    let noDaily = WeatherClient.openMeteo { _ in (200, searchAnswer) }
    await #expect(throws: WeatherClientError.unreadable(host: "api.open-meteo.com", reason: "it has no 'daily'")) {
      try await noDaily.weather(Location.ID("52.52,13.42"))
    }
  }

  @Test func aLocationIDItNeverGaveOutIsRefusedWithoutARequest() async {
    let client = WeatherClient.openMeteo { url in
      Issue.record("unexpected request to \(url)")
      return (200, Data())
    }
    await #expect(
      throws: WeatherClientError.unreadable(
        host: "api.open-meteo.com", reason: "'New York' is not a location id it gave out"
      )
    ) {
      try await client.weather(Location.ID("New York"))
    }
  }

  @Test func transportErrorsSayWhetherTheMachineSeemsOffline() async {
    let offline = WeatherClient.openMeteo { _ in throw URLError(.cannotFindHost) }
    await #expect {
      try await offline.searchLocations(berlin)
    } throws: { error in
      guard case let .unreachable(host, _) = error as? WeatherClientError else { return false }
      return host == "api.open-meteo.com"
    }
    let brokenTLS = WeatherClient.openMeteo { _ in throw URLError(.secureConnectionFailed) }
    await #expect {
      try await brokenTLS.searchLocations(berlin)
    } throws: { error in
      guard case .transferFailed = error as? WeatherClientError else { return false }
      return true
    }
  }

  @Test func aRealRequestToAClosedPortIsUnreachable() async {
    // Port 1 on this machine: nothing listens, so the connection is refused at once.
    let client = WeatherClient.openMeteo(base: URL(string: "http://127.0.0.1:1/v1/forecast")!)
    await #expect {
      try await client.searchLocations(berlin)
    } throws: { error in
      guard case let .unreachable(host, reason) = error as? WeatherClientError else { return false }
      return host == "127.0.0.1" && !reason.isEmpty
    }
  }
}
#endif
