#if Macros
import Harness
import Testing
import WeatherFeature

@Suite struct LocationClientTests {
  typealias Event = LocationClient.DelegateEvent

  let newYork = WeatherSamples.newYorkCoordinate
  let paris = Coordinate(latitude: 48.85, longitude: 2.35)

  enum Request { case authorization, location }

  /// What `client` reports as its status, and everything its delegate stream says until it ends
  /// once `requests` were made.
  func answers(of client: LocationClient, to requests: [Request]) async -> (LocationClient.AuthorizationStatus, [Event]) {
    let events = client.delegate()
    let status = await client.authorizationStatus()
    for request in requests {
      switch request {
      case .authorization: await client.requestWhenInUseAuthorization()
      case .location: await client.requestLocation()
      }
    }
    return (status, await events.collect())
  }

  @Test func authorizedWhenInUseFindsNewYorkThenEnds() async {
    let (status, events) = await answers(of: .authorizedWhenInUse, to: [.location])
    #expect(status == .authorizedWhenInUse)
    #expect(events == [.didUpdateLocations([newYork])])
  }

  @Test func notDeterminedGrantsAccessWhenAsked() async {
    let (status, events) = await answers(of: .notDetermined, to: [.authorization, .location])
    #expect(status == .notDetermined)
    #expect(events == [.didChangeAuthorization(.authorizedWhenInUse), .didUpdateLocations([newYork])])
  }

  @Test func fixedIsAlwaysAtItsCoordinate() async {
    let (status, events) = await answers(of: .fixed(paris), to: [.location])
    #expect(status == .authorizedWhenInUse)
    #expect(events == [.didUpdateLocations([paris])])
  }

  @Test func unconfiguredIsDeniedAndSaysNothing() async {
    let (status, events) = await answers(of: .unconfigured, to: [.authorization, .location])
    #expect(status == .denied)
    #expect(events == [])
  }

  @Test func liveReadsWeatherLocationFromTheEnvironment() async {
    let configured = LocationClient.live(environment: ["WEATHER_LOCATION": " 48.85, 2.35 "])
    let (status, events) = await answers(of: configured, to: [.location])
    #expect(status == .authorizedWhenInUse)
    #expect(events == [.didUpdateLocations([paris])])

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
    let authorized = [LocationClient.AuthorizationStatus.authorizedAlways, .authorizedWhenInUse]
    let notAuthorized = [LocationClient.AuthorizationStatus.notDetermined, .denied, .restricted]
    #expect(authorized.map(\.isAuthorized) == [true, true])
    #expect(notAuthorized.map(\.isAuthorized) == [false, false, false])
  }
}
#endif
