#if Macros
/// What the sky does: a WMO weather interpretation code, the scale Open-Meteo reports.
public struct WeatherCondition: Hashable, Sendable, CustomStringConvertible {
  /// The WMO code, 0 (clear sky) to 99 (thunderstorm with heavy hail).
  public var code: Int

  public init(code: Int) { self.code = code }

  public static let clearSky = WeatherCondition(code: 0)
  public static let partlyCloudy = WeatherCondition(code: 2)
  public static let overcast = WeatherCondition(code: 3)
  public static let fog = WeatherCondition(code: 45)
  public static let rain = WeatherCondition(code: 63)
  public static let snow = WeatherCondition(code: 73)
  public static let rainShowers = WeatherCondition(code: 80)
  public static let thunderstorm = WeatherCondition(code: 95)

  /// In words, e.g. `"Partly cloudy"`; codes outside the WMO table say so with their number.
  public var description: String {
    switch code {
    case 0: "Clear sky"
    case 1: "Mainly clear"
    case 2: "Partly cloudy"
    case 3: "Overcast"
    case 45, 48: "Fog"
    case 51, 53, 55: "Drizzle"
    case 56, 57: "Freezing drizzle"
    case 61: "Light rain"
    case 63: "Rain"
    case 65: "Heavy rain"
    case 66, 67: "Freezing rain"
    case 71: "Light snow"
    case 73: "Snow"
    case 75: "Heavy snow"
    case 77: "Snow grains"
    case 80, 81: "Rain showers"
    case 82: "Violent rain showers"
    case 85, 86: "Snow showers"
    case 95: "Thunderstorm"
    case 96, 99: "Thunderstorm with hail"
    default: "Weather code \(code)"
    }
  }
}
#endif
