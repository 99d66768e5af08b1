#if Macros
// The Weather example in a terminal: the week's forecast for a place.
//   swift run --package-path Examples weather --location 52.52,13.41
//   swift run --package-path Examples weather --preview
import ArgumentParser
import Foundation
import Harness
import WeatherFeature

struct WeatherOptions: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "weather",
      abstract: "Shows the week's weather for a place, from Open-Meteo (free, no API key).",
      discussion: """
        Exit status: 0 with a forecast, 1 when the network or the weather service fails, 2 when \
        no location was given, 64 for bad arguments.
        """
    )
  }

  @Option(
    help: ArgumentHelp(
      """
      Where, in degrees (north and east positive), e.g. 52.52,13.41 for Berlin; default: the \
      WEATHER_LOCATION environment variable.
      """,
      valueName: "lat,lon"
    )
  )
  var location: String?

  @Flag(help: "Show sample weather at once, without the network.")
  var preview = false

  /// The arguments in the form ``WeatherCommand`` reads, which checks the coordinates.
  var commandArguments: [String] {
    (preview ? ["--preview"] : []) + (location.map { ["--location", $0] } ?? [])
  }
}

let options = WeatherOptions.parseOrExit()
let command: WeatherCommand
do {
  command = try WeatherCommand(
    arguments: options.commandArguments,
    environment: ProcessInfo.processInfo.environment
  )
} catch {
  WeatherOptions.exit(withError: ValidationError(error.description))
}

let outcome = await withDependencies {
  command.configure(&$0)
} operation: {
  await command.run()
}
if !outcome.output.isEmpty { print(outcome.output) }
if !outcome.errorOutput.isEmpty { FileHandle.standardError.write(Data("\(outcome.errorOutput)\n".utf8)) }
exit(outcome.exitCode)
#else
// Built without the Macros trait (`--disable-default-traits`): the Weather targets are empty.
import Foundation

FileHandle.standardError.write(Data("weather needs the Macros trait of HarnessExamples (on by default)\n".utf8))
exit(1)
#endif
