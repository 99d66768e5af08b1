#if Macros
import Harness

/// What the `weather` command was asked to do, parsed from its arguments.
public enum WeatherCommand: Equatable, Sendable {
  /// Print ``usage``.
  case help
  /// Show sample weather without the network.
  case preview
  /// Check the network once and show the forecast at `location` (none when not given).
  case live(location: Coordinate?)

  public static let usage = """
    Usage: weather [--location LAT,LON] [--preview] [--help]

    Shows the week's weather for a place, from Open-Meteo (free, no API key).

      --location LAT,LON  where, in degrees (north and east positive), e.g. 52.52,13.41 for
                          Berlin; default: the WEATHER_LOCATION environment variable
      --preview           show sample weather at once, without the network
      --help              show this help

    Exit status: 0 with a forecast, 1 when the network or the weather service fails,
    2 for bad arguments or no location.
    """

  /// Parses the arguments (without the program name); `WEATHER_LOCATION` in `environment` is
  /// the location when `--location` is not given. Throws a message that says what is wrong.
  public init(arguments: [String], environment: [String: String] = [:]) throws(UsageError) {
    var location: Coordinate?
    var isPreview = false
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--help", "-h":
        self = .help
        return
      case "--preview":
        isPreview = true
      case "--location":
        guard let value = remaining.popFirst() else {
          throw UsageError("--location needs a value: LAT,LON, e.g. --location 52.52,13.41")
        }
        location = try Self.coordinate(value, from: "--location")
      case _ where argument.hasPrefix("--location="):
        location = try Self.coordinate(String(argument.dropFirst("--location=".count)), from: "--location")
      default:
        throw UsageError("unknown argument '\(argument)'")
      }
    }
    if isPreview {
      self = .preview
      return
    }
    if location == nil, let setting = environment["WEATHER_LOCATION"] {
      location = try Self.coordinate(setting, from: "WEATHER_LOCATION")
    }
    self = .live(location: location)
  }

  private static func coordinate(_ text: String, from source: String) throws(UsageError) -> Coordinate {
    do {
      return try Coordinate(parsing: text)
    } catch {
      throw UsageError("\(source): \(error)")
    }
  }

  /// Sets the dependencies the command runs with: the preview context for ``preview``; for
  /// ``live(location:)``, the location given (or none) and a one-time look at the network.
  public func configure(_ dependencies: inout DependencyValues) {
    switch self {
    case .help:
      break
    case .preview:
      dependencies.context = .preview
    case let .live(location):
      dependencies.locationClient = location.map(LocationClient.fixed) ?? .unconfigured
      dependencies.pathMonitorClient = .snapshot
    }
  }

  /// What the command prints, and its exit status.
  public struct Outcome: Equatable, Sendable {
    public var output: String
    public var errorOutput: String
    public var exitCode: Int32

    public static func success(_ output: String) -> Outcome {
      Outcome(output: output, errorOutput: "", exitCode: 0)
    }

    public static func failure(_ message: String, exitCode: Int32) -> Outcome {
      Outcome(output: "", errorOutput: "weather: \(message)", exitCode: exitCode)
    }
  }

  /// Runs the command with the current dependencies (see ``configure(_:)``): launches a
  /// ``WeatherModel`` as a screen would, taps its location button if it found no place, and
  /// reports what it shows. It ends once the clients' streams end, which the command's clients do.
  @MainActor
  public func run() async -> Outcome {
    if self == .help { return .success(Self.usage) }
    let model = WeatherModel()
    await model.task()
    if model.currentLocation == nil, model.problem == nil {
      await model.locationButtonTapped()
    }
    if model.problem == .locationDenied {
      return .failure(
        """
        no location to show the weather for.
        Pass --location LAT,LON (e.g. --location 52.52,13.41 for Berlin), or set WEATHER_LOCATION=LAT,LON.
        """,
        exitCode: 2
      )
    }
    guard model.isConnected else {
      return .failure(
        """
        the network is down: no interface other than loopback is up, so the weather service \
        cannot be reached.
        Connect to a network, or run `weather --preview` to see sample weather.
        """,
        exitCode: 1
      )
    }
    if case let .requestFailed(reason) = model.problem {
      return .failure("\(reason)\nRun `weather --preview` to see sample weather without the network.", exitCode: 1)
    }
    if let problem = model.problem {
      return .failure(problem.description, exitCode: 1)
    }
    guard let location = model.currentLocation, !model.weatherResults.isEmpty else {
      return .failure("the weather service sent no forecast.", exitCode: 1)
    }
    return .success(renderForecast(for: location, days: model.weatherResults))
  }
}

/// Why the `weather` command's arguments cannot be used.
public struct UsageError: Error, Equatable, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}
#endif
