#if Macros
/// A place the weather service has forecasts for, as found by
/// ``WeatherClient/searchLocations``.
public struct Location: Equatable, Identifiable, Sendable {
  /// The weather service's token for the place; ``WeatherClient/weather`` takes it back.
  public struct ID: Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }
  }

  public var id: ID
  /// A name to show, e.g. `"New York"`.
  public var title: String

  public init(id: ID, title: String) {
    self.id = id
    self.title = title
  }
}
#endif
