#if Macros
/// Why ``WeatherModel`` shows no weather, in words for the person at the keyboard.
public enum WeatherProblem: Equatable, Sendable, CustomStringConvertible {
  /// The user did not let the app see the location (denied, or restricted by a policy).
  case locationDenied
  /// The location manager could not find the location.
  case locationFailed(String)
  /// The weather service knows no place at the coordinate.
  case noLocationFound(Coordinate)
  /// A request to the weather service failed; the error's own description.
  case requestFailed(String)

  public var description: String {
    switch self {
    case .locationDenied:
      "Location access is denied, so there is no place to show the weather for."
    case let .locationFailed(reason):
      "Could not find the location: \(reason)"
    case let .noLocationFound(coordinate):
      "The weather service knows no place at \(coordinate)."
    case let .requestFailed(reason):
      reason
    }
  }
}
#endif
