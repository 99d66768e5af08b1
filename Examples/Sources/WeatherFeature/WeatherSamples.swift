#if Macros
/// Sample places and weather, for previews, mocks and tests.
public enum WeatherSamples {
  /// Where the location mocks say the device is.
  public static let newYorkCoordinate = Coordinate(latitude: 40.71, longitude: -74.01)

  /// What ``WeatherClient/happyPath`` finds wherever you are.
  public static let newYork = Location(id: Location.ID("40.71,-74.01"), title: "New York")

  /// A week of spring weather, as ``WeatherClient/happyPath`` forecasts it.
  public static let week: [DailyWeather] = [
    DailyWeather(date: "2025-05-12", condition: .clearSky, minTemperature: 12.4, maxTemperature: 23.1),
    DailyWeather(date: "2025-05-13", condition: .partlyCloudy, minTemperature: 13.0, maxTemperature: 21.8),
    DailyWeather(date: "2025-05-14", condition: .rainShowers, minTemperature: 11.2, maxTemperature: 17.5),
    DailyWeather(date: "2025-05-15", condition: .thunderstorm, minTemperature: 14.6, maxTemperature: 24.9),
    DailyWeather(date: "2025-05-16", condition: .overcast, minTemperature: 12.1, maxTemperature: 18.3),
    DailyWeather(date: "2025-05-17", condition: .fog, minTemperature: 9.8, maxTemperature: 16.0),
    DailyWeather(date: "2025-05-18", condition: .clearSky, minTemperature: 10.5, maxTemperature: 22.7),
  ]
}
#endif
