#if Macros
import Harness
import Testing
import WeatherFeature

/// The Weather model's story, told through its clients. Each test overrides only what it needs;
/// a client left alone is unimplemented, so any use the test did not expect fails it by name.
/// Streams either end by themselves (mocks) or are fed by hand: nothing sleeps.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct WeatherModelTests {
  @Test func basics() async {
    let requests = Log<WeatherRequest>()
    let model = withDependencies {
      $0.locationClient = .authorizedWhenInUse
      $0.pathMonitorClient = .satisfied
      $0.weatherClient = WeatherClient.happyPath.logging(into: requests)
    } operation: {
      WeatherModel()
    }

    // The mocks' streams end once they have said everything, and so does the task.
    await model.task()

    #expect(model.isConnected)
    #expect(model.currentLocation == WeatherSamples.newYork)
    #expect(model.weatherResults == WeatherSamples.week)
    #expect(model.problem == nil)
    #expect(!model.isLocating)
    #expect(requests.entries == [searchNewYork, weatherInNewYork])
  }

  @Test func disconnectedAtLaunchMakesNoRequest() async {
    let model = withDependencies {
      $0.locationClient = .authorizedWhenInUse
      $0.pathMonitorClient = .unsatisfied
      // The weather client stays unimplemented: a single request fails this test. (The seeds'
      // model searched for the location anyway; this is the test that caught it.)
    } operation: {
      WeatherModel()
    }

    await model.task()

    #expect(!model.isConnected)
    #expect(model.currentLocation == nil)
    #expect(model.weatherResults == [])
    #expect(model.problem == nil)
  }

  @Test func pathUpdatesRefetchWhenTheConnectionComesBack() async {
    let paths = HandDrivenStream<NetworkPath>()
    let events = HandDrivenStream<LocationClient.DelegateEvent>()
    let locationRequests = Log<String>()
    let requests = Log<WeatherRequest>()
    let model = withDependencies {
      $0.locationClient = .handDriven(events, status: .authorizedWhenInUse, requests: locationRequests)
      $0.pathMonitorClient = .handDriven(paths)
      $0.weatherClient = WeatherClient.happyPath.logging(into: requests)
    } operation: {
      WeatherModel()
    }
    let task = Task { await model.task() }

    // A location that comes before the first path waits for it: nothing goes out yet.
    await events.send(.didUpdateLocations([WeatherSamples.newYorkCoordinate]))
    #expect(requests.entries == [])
    #expect(model.weatherResults == [])

    await paths.send(.satisfied)
    #expect(model.isConnected)
    #expect(model.currentLocation == WeatherSamples.newYork)
    #expect(model.weatherResults == WeatherSamples.week)
    #expect(requests.entries == [searchNewYork, weatherInNewYork])

    await paths.send(.unsatisfied)
    #expect(!model.isConnected)
    #expect(model.currentLocation == WeatherSamples.newYork)
    #expect(model.weatherResults == [])
    #expect(requests.entries == [searchNewYork, weatherInNewYork])

    // Back online: the forecast is fetched again; the place is known, so no new search.
    await paths.send(.satisfied)
    #expect(model.isConnected)
    #expect(model.weatherResults == WeatherSamples.week)
    #expect(requests.entries == [searchNewYork, weatherInNewYork, weatherInNewYork])

    task.cancel()
    await task.value
    #expect(locationRequests.entries == ["requestLocation"])
  }

  @Test func aFlakeyNetworkRefetchesEachTimeItComesBack() async {
    let clock = TestClock()
    let requests = Log<WeatherRequest>()
    let model = withDependencies {
      // The flakey path monitor reads the clock when the model's task subscribes: the model
      // hands it its own dependencies, so it gets this one.
      $0.continuousClock = clock
      $0.locationClient = .authorizedWhenInUse
      $0.pathMonitorClient = .flakey
      $0.weatherClient = WeatherClient.happyPath.logging(into: requests)
    } operation: {
      WeatherModel()
    }
    let task = Task { await model.task() }

    // The test clock follows the task: each advance returns once the work it woke is done.
    await clock.advance()
    #expect(model.isConnected)
    #expect(model.weatherResults == WeatherSamples.week)
    #expect(requests.entries == [searchNewYork, weatherInNewYork])

    await clock.advance(by: .seconds(2))
    #expect(!model.isConnected)
    #expect(model.weatherResults == [])

    await clock.advance(by: .seconds(2))
    #expect(model.isConnected)
    #expect(model.weatherResults == WeatherSamples.week)
    #expect(requests.entries == [searchNewYork, weatherInNewYork, weatherInNewYork])

    task.cancel()
    await task.value
  }

  @Test func anAnswerThatArrivesAfterTheConnectionDroppedIsIgnored() async {
    let paths = HandDrivenStream<NetworkPath>()
    let events = HandDrivenStream<LocationClient.DelegateEvent>()
    let gate = Gate()
    let model = withDependencies {
      $0.locationClient = .handDriven(events, status: .authorizedWhenInUse, requests: Log())
      $0.pathMonitorClient = .handDriven(paths)
      $0.weatherClient.searchLocations = { _ in [WeatherSamples.newYork] }
      $0.weatherClient.weather = { _ in
        await gate.pass()
        return WeatherSamples.week
      }
    } operation: {
      WeatherModel()
    }
    let task = Task { await model.task() }
    await paths.send(.satisfied)

    // The location's forecast request is held at the gate while the connection drops.
    async let located: Void = events.send(.didUpdateLocations([WeatherSamples.newYorkCoordinate]))
    await gate.arrival()
    await paths.send(.unsatisfied)
    gate.open()
    await located

    #expect(!model.isConnected)
    #expect(model.weatherResults == [])
    #expect(model.problem == nil)

    task.cancel()
    await task.value
  }

  @Test func locationAuthorizationGranted() async {
    let locationRequests = Log<String>()
    var location = LocationClient.notDetermined
    let mock = location
    location.requestWhenInUseAuthorization = {
      locationRequests.append("requestWhenInUseAuthorization")
      await mock.requestWhenInUseAuthorization()
    }
    location.requestLocation = {
      locationRequests.append("requestLocation")
      await mock.requestLocation()
    }
    let model = withDependencies {
      $0.locationClient = location
      $0.pathMonitorClient = .satisfied
      $0.weatherClient = .happyPath
    } operation: {
      WeatherModel()
    }
    let task = Task { await model.task() }

    // Not asked yet: the button asks; the user says yes; the model asks for the location.
    await model.locationButtonTapped()
    await task.value

    #expect(locationRequests.entries == ["requestWhenInUseAuthorization", "requestLocation"])
    #expect(model.currentLocation == WeatherSamples.newYork)
    #expect(model.weatherResults == WeatherSamples.week)
    #expect(model.problem == nil)
  }

  @Test func locationAuthorizationDenied() async {
    // Only the status and an (empty) event stream: asking for the location fails the test.
    var location = LocationClient.unimplemented
    location.authorizationStatus = { .denied }
    location.delegate = { .finished }
    let model = withDependencies {
      $0.locationClient = location
      $0.pathMonitorClient = .satisfied
    } operation: {
      WeatherModel()
    }

    await model.task()
    await model.locationButtonTapped()

    #expect(model.problem == .locationDenied)
    #expect(model.currentLocation == nil)
    #expect(model.weatherResults == [])
    #expect(!model.isLocating)
  }

  @Test func locationAuthorizationDeniedWhenAsked() async {
    let (events, send) = AsyncStream.makeStream(of: LocationClient.DelegateEvent.self)
    var location = LocationClient.unimplemented
    location.authorizationStatus = { .notDetermined }
    location.requestWhenInUseAuthorization = {
      send.yield(.didChangeAuthorization(.denied))
      send.finish()
    }
    location.delegate = { events }
    let model = withDependencies {
      $0.locationClient = location
      $0.pathMonitorClient = .satisfied
    } operation: {
      WeatherModel()
    }
    let task = Task { await model.task() }

    await model.locationButtonTapped()
    await task.value

    #expect(model.problem == .locationDenied)
    #expect(model.currentLocation == nil)
    #expect(model.weatherResults == [])
  }

  @Test func locationFailure() async {
    let events = HandDrivenStream<LocationClient.DelegateEvent>()
    let model = withDependencies {
      $0.locationClient = .handDriven(events, status: .authorizedWhenInUse, requests: Log())
      $0.pathMonitorClient = .satisfied
    } operation: {
      WeatherModel()
    }
    let task = Task { await model.task() }

    await events.send(.didFailWithError("no satellites in view"))
    #expect(model.problem == .locationFailed("no satellites in view"))
    #expect(!model.isLocating)
    #expect(model.problem?.description == "Could not find the location: no satellites in view")

    events.finish()
    await task.value
  }

  /// A model launched in New York, online, with `weather`: its task has run to the end.
  func launchedInNewYork(weather: WeatherClient) async -> WeatherModel {
    let model = withDependencies {
      $0.locationClient = .authorizedWhenInUse
      $0.pathMonitorClient = .satisfied
      $0.weatherClient = weather
    } operation: {
      WeatherModel()
    }
    await model.task()
    return model
  }

  @Test func weatherRequestFails() async {
    let model = await launchedInNewYork(weather: .failed)

    #expect(model.currentLocation == nil)
    #expect(model.weatherResults == [])
    #expect(
      model.problem
        == .requestFailed("Could not reach weather.example: offline. This machine seems to be offline.")
    )
  }

  @Test func noPlaceFound() async {
    let model = await launchedInNewYork(weather: .empty)

    #expect(model.currentLocation == nil)
    #expect(model.weatherResults == [])
    #expect(model.problem == .noLocationFound(WeatherSamples.newYorkCoordinate))
    #expect(model.problem?.description == "The weather service knows no place at 40.71°N, 74.01°W.")
  }
}
#endif
