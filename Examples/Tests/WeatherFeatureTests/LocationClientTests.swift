import Harness
import Testing
import WeatherFeature

@Suite struct LocationClientTests {
  typealias Event = LocationClient.DelegateEvent

  let newYork = WeatherSamples.newYorkCoordinate

  @Test func authorizedWhenInUseFindsNewYorkThenEnds() async {
    let client = LocationClient.authorizedWhenInUse
    let events = client.delegate()

    #expect(await client.authorizationStatus() == .authorizedWhenInUse)
    await client.requestLocation()
    #expect(await events.collect() == [.didUpdateLocations([newYork])])
  }

  @Test func notDeterminedGrantsAccessWhenAsked() async {
    let client = LocationClient.notDetermined
    let events = client.delegate()

    #expect(await client.authorizationStatus() == .notDetermined)
    await client.requestWhenInUseAuthorization()
    await client.requestLocation()
    #expect(
      await events.collect() == [
        .didChangeAuthorization(.authorizedWhenInUse), .didUpdateLocations([newYork]),
      ]
    )
  }

  @Test func fixedIsAlwaysAtItsCoordinate() async {
    let paris = Coordinate(latitude: 48.85, longitude: 2.35)
    let client = LocationClient.fixed(paris)
    let events = client.delegate()

    #expect(await client.authorizationStatus() == .authorizedWhenInUse)
    await client.requestLocation()
    #expect(await events.collect() == [.didUpdateLocations([paris])])
  }

  @Test func unconfiguredIsDeniedAndSaysNothing() async {
    let client = LocationClient.unconfigured
    let events = client.delegate()

    #expect(await client.authorizationStatus() == .denied)
    await client.requestWhenInUseAuthorization()
    await client.requestLocation()
    #expect(await events.collect() == [])
  }

  @Test func liveReadsWeatherLocationFromTheEnvironment() async {
    let configured = LocationClient.live(environment: ["WEATHER_LOCATION": " 48.85, 2.35 "])
    let events = configured.delegate()
    #expect(await configured.authorizationStatus() == .authorizedWhenInUse)
    await configured.requestLocation()
    #expect(await events.collect() == [.didUpdateLocations([Coordinate(latitude: 48.85, longitude: 2.35)])])

    #expect(await LocationClient.live(environment: [:]).authorizationStatus() == .denied)
    #expect(await LocationClient.live(environment: ["WEATHER_LOCATION": "Paris"]).authorizationStatus() == .denied)
  }

  @Test func unimplementedReportsEachEndpointByName() async {
    let client = LocationClient.unimplemented
    await withExpectedIssue {
      #expect(await client.authorizationStatus() == .denied)
    } matching: { $0.message.contains("LocationClient.authorizationStatus") }
    await withExpectedIssue {
      await client.requestWhenInUseAuthorization()
    } matching: { $0.message.contains("LocationClient.requestWhenInUseAuthorization") }
    await withExpectedIssue {
      await client.requestLocation()
    } matching: { $0.message.contains("LocationClient.requestLocation") }
    await withExpectedIssue {
      #expect(await client.delegate().collect() == [])
    } matching: { $0.message.contains("LocationClient.delegate") }
  }

  @Test func authorizationStatusSaysWhetherLocationsMayBeRequested() {
    #expect(LocationClient.AuthorizationStatus.authorizedAlways.isAuthorized)
    #expect(LocationClient.AuthorizationStatus.authorizedWhenInUse.isAuthorized)
    #expect(!LocationClient.AuthorizationStatus.notDetermined.isAuthorized)
    #expect(!LocationClient.AuthorizationStatus.denied.isAuthorized)
    #expect(!LocationClient.AuthorizationStatus.restricted.isAuthorized)
  }
}
