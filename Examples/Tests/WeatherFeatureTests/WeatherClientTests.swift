#if Macros
import Harness
import Testing
import WeatherFeature

@Suite struct WeatherClientTests {
  let anywhere = Coordinate(latitude: 1, longitude: 2)

  @Test func happyPathFindsNewYorkWithAWeekOfWeather() async throws {
    let places = try await WeatherClient.happyPath.searchLocations(anywhere)
    #expect(places == [WeatherSamples.newYork])
    #expect(try await WeatherClient.happyPath.weather(WeatherSamples.newYork.id) == WeatherSamples.week)
  }

  @Test func failedFailsLikeAMachineWithoutInternet() async {
    await #expect(throws: WeatherClientError.unreachable(host: "weather.example", reason: "offline")) {
      try await WeatherClient.failed.searchLocations(anywhere)
    }
    await #expect(throws: WeatherClientError.unreachable(host: "weather.example", reason: "offline")) {
      try await WeatherClient.failed.weather(WeatherSamples.newYork.id)
    }
  }

  @Test func emptyKnowsNothing() async throws {
    #expect(try await WeatherClient.empty.searchLocations(anywhere) == [])
    #expect(try await WeatherClient.empty.weather(WeatherSamples.newYork.id) == [])
  }

  @Test func unimplementedReportsEachEndpointByName() async {
    await withExpectedIssue {
      _ = try? await WeatherClient.unimplemented.searchLocations(anywhere)
    } matching: { $0.message.contains("WeatherClient.searchLocations") }
    await withExpectedIssue {
      _ = try? await WeatherClient.unimplemented.weather(WeatherSamples.newYork.id)
    } matching: { $0.message.contains("WeatherClient.weather") }
  }

  @Test func errorsSayWhatFailed() {
    #expect(
      WeatherClientError.unreachable(host: "api.open-meteo.com", reason: "Could not resolve host").description
        == "Could not reach api.open-meteo.com: Could not resolve host. This machine seems to be offline."
    )
    #expect(
      WeatherClientError.badStatus(host: "api.open-meteo.com", status: 400, reason: "Latitude must be in range")
        .description == "api.open-meteo.com answered HTTP 400: Latitude must be in range."
    )
    #expect(
      WeatherClientError.unreadable(host: "api.open-meteo.com", reason: "it is not JSON").description
        == "Could not read the answer from api.open-meteo.com: it is not JSON."
    )
    #expect(
      WeatherClientError.transferFailed(host: "api.open-meteo.com", reason: "TLS handshake failed").description
        == "The request to api.open-meteo.com failed: TLS handshake failed."
    )
  }
}
#endif
