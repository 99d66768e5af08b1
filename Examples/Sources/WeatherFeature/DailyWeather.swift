#if Macros
/// The forecast for one day at one place.
public struct DailyWeather: Equatable, Identifiable, Sendable {
  /// The day, `yyyy-MM-dd`, in the place's own time zone.
  public var date: String
  public var condition: WeatherCondition
  /// The lowest temperature of the day, in °C.
  public var minTemperature: Double
  /// The highest temperature of the day, in °C.
  public var maxTemperature: Double

  public var id: String { date }

  public init(date: String, condition: WeatherCondition, minTemperature: Double, maxTemperature: Double) {
    self.date = date
    self.condition = condition
    self.minTemperature = minTemperature
    self.maxTemperature = maxTemperature
  }
}
#endif
