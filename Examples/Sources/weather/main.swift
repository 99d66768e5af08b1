// The Weather example in a terminal: the week's forecast for a place.
//   swift run --package-path Examples weather --location 52.52,13.41
//   swift run --package-path Examples weather --preview
import Foundation
import Harness
import WeatherFeature

let command: WeatherCommand
do {
  command = try WeatherCommand(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment
  )
} catch {
  FileHandle.standardError.write(Data("weather: \(error)\n\n\(WeatherCommand.usage)\n".utf8))
  exit(2)
}

let outcome = await withDependencies {
  command.configure(&$0)
} operation: {
  await command.run()
}
if !outcome.output.isEmpty { print(outcome.output) }
if !outcome.errorOutput.isEmpty { FileHandle.standardError.write(Data("\(outcome.errorOutput)\n".utf8)) }
exit(outcome.exitCode)
