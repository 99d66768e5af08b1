#if Macros
import Harness
import Testing
import WeatherFeature

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct WeatherCommandTests {
  let berlin = Coordinate(latitude: 52.52, longitude: 13.41)

  @Test func parsesItsArguments() throws {
    #expect(try WeatherCommand(arguments: []) == .live(location: nil))
    #expect(try WeatherCommand(arguments: ["--location", "52.52,13.41"]) == .live(location: berlin))
    #expect(try WeatherCommand(arguments: ["--location=52.52,13.41"]) == .live(location: berlin))
    #expect(try WeatherCommand(arguments: ["--preview"]) == .preview)
    #expect(try WeatherCommand(arguments: ["--preview", "--help"]) == .help)
    #expect(try WeatherCommand(arguments: ["-h"]) == .help)
  }

  @Test func takesTheLocationFromTheEnvironmentUnlessGiven() throws {
    let environment = ["WEATHER_LOCATION": "52.52,13.41"]
    #expect(try WeatherCommand(arguments: [], environment: environment) == .live(location: berlin))
    #expect(
      try WeatherCommand(arguments: ["--location", "1,2"], environment: environment)
        == .live(location: Coordinate(latitude: 1, longitude: 2))
    )
  }

  @Test func badArgumentsSayWhatIsWrong() {
    #expect(throws: UsageError("unknown argument '--loaction'")) {
      try WeatherCommand(arguments: ["--loaction", "1,2"])
    }
    #expect(throws: UsageError("--location needs a value: LAT,LON, e.g. --location 52.52,13.41")) {
      try WeatherCommand(arguments: ["--location"])
    }
    #expect(throws: UsageError("--location: 'Berlin' is not LAT,LON in degrees, e.g. 52.52,13.41")) {
      try WeatherCommand(arguments: ["--location", "Berlin"])
    }
    #expect(throws: UsageError("WEATHER_LOCATION: the latitude in '100,0' must be between -90 and 90")) {
      try WeatherCommand(arguments: [], environment: ["WEATHER_LOCATION": "100,0"])
    }
  }

  @Test func helpPrintsTheUsage() async {
    #expect(await WeatherCommand.help.run() == .success(WeatherCommand.usage))
  }

  @Test func previewShowsSampleWeatherWithoutTheNetwork() async {
    let outcome = await withDependencies {
      WeatherCommand.preview.configure(&$0)
    } operation: {
      await WeatherCommand.preview.run()
    }
    #expect(outcome == .success(renderForecast(for: WeatherSamples.newYork, days: WeatherSamples.week)))
  }

  @Test func showsTheForecastForTheGivenLocation() async {
    let requests = Log<WeatherRequest>()
    let command = WeatherCommand.live(location: berlin)
    let outcome = await withDependencies {
      command.configure(&$0)
      $0.pathMonitorClient = .satisfied
      $0.weatherClient = WeatherClient.happyPath.logging(into: requests)
    } operation: {
      await command.run()
    }
    #expect(outcome == .success(renderForecast(for: WeatherSamples.newYork, days: WeatherSamples.week)))
    #expect(requests.entries == [.search(latitude: 52.52, longitude: 13.41), weatherInNewYork])
  }

  @Test func withoutALocationItSaysHowToGiveOne() async {
    let command = WeatherCommand.live(location: nil)
    let outcome = await withDependencies {
      command.configure(&$0)
      $0.pathMonitorClient = .satisfied
    } operation: {
      await command.run()
    }
    #expect(outcome.exitCode == 2)
    #expect(outcome.output == "")
    #expect(
      outcome.errorOutput == """
        weather: no location to show the weather for.
        Pass --location LAT,LON (e.g. --location 52.52,13.41 for Berlin), or set WEATHER_LOCATION=LAT,LON.
        """
    )
  }

  /// What the command does in New York, with the given network and weather service.
  func runInNewYork(paths: PathMonitorClient, weather: WeatherClient = .unimplemented) async -> WeatherCommand.Outcome {
    await withDependencies {
      $0.locationClient = .authorizedWhenInUse
      $0.pathMonitorClient = paths
      $0.weatherClient = weather
    } operation: {
      await WeatherCommand.live(location: nil).run()
    }
  }

  @Test func offlineItSaysSoAndFails() async {
    let outcome = await runInNewYork(paths: .unsatisfied)
    #expect(outcome.exitCode == 1)
    #expect(outcome.output == "")
    #expect(outcome.errorOutput.hasPrefix("weather: the network is down"))
    #expect(outcome.errorOutput.contains("run `weather --preview` to see sample weather"))
  }

  @Test func aFailedRequestIsExplainedWithTheWayToPreview() async {
    let outcome = await runInNewYork(paths: .satisfied, weather: .failed)
    #expect(
      outcome == .failure(
        """
        Could not reach weather.example: offline. This machine seems to be offline.
        Run `weather --preview` to see sample weather without the network.
        """,
        exitCode: 1
      )
    )
  }

  @Test func noPlaceOrNoForecastIsAFailure() async {
    let noPlace = await runInNewYork(paths: .satisfied, weather: .empty)
    #expect(noPlace == .failure("The weather service knows no place at 40.71°N, 74.01°W.", exitCode: 1))

    let noForecast = await runInNewYork(
      paths: .satisfied,
      weather: WeatherClient(searchLocations: { _ in [WeatherSamples.newYork] }, weather: { _ in [] })
    )
    #expect(noForecast == .failure("the weather service sent no forecast.", exitCode: 1))
  }
}
#endif
