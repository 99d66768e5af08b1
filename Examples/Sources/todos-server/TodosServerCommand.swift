#if Servers
// The Todos HTTP service: JSON over HTTP, stored in SQLite, each request in its own dependency
// scope.
//   swift run --package-path Examples todos-server
//   swift run --package-path Examples todos-server --port 9000 --database /tmp/todos.sqlite
//   curl -s localhost:8080/todos -d '{"title": "Buy milk"}'
import ArgumentParser
import Harness
import HarnessHummingbird
import Hummingbird
import Logging
import TodosServer

@main
struct TodosServerCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "todos-server",
      abstract: "A Todos HTTP service: GET/POST /todos, PATCH/DELETE /todos/{id}, POST /todos/clear-completed.",
      discussion: """
        The todos are kept in a SQLite database, migrated at start. Answers are JSON (keys sorted, \
        a newline at the end); a method a path does not take is 405 with an Allow header. Each \
        request is logged in one line with its id (method, path, status); LOG_LEVEL=warning \
        leaves them out.
        """
    )
  }

  @Option(help: ArgumentHelp("The address to listen on.", valueName: "host"))
  var host = "127.0.0.1"

  @Option(help: ArgumentHelp("The port to listen on.", valueName: "port"))
  var port = 8080

  @Option(help: ArgumentHelp("The SQLite database file (created if missing).", valueName: "path"))
  var database = TodoDatabase.defaultPath

  func run() async throws {
    let todoDatabase: TodoDatabase
    do {
      todoDatabase = try TodoDatabase.file(path: database)
    } catch {
      throw ValidationError("Could not open the database at \(database): \(error)")
    }
    prepareDependencies { $0.todoDatabase = todoDatabase }
    var logger = Logger(label: "todos-server")
    logger.logLevel = Environment().get("LOG_LEVEL").flatMap(Logger.Level.init(rawValue:)) ?? .info
    logger.info("Todos stored in \(database)")
    try await TodosApplication.make(host: host, port: port, logger: logger).runService()
  }
}
#else
// Built without the Servers trait (`--disable-default-traits`): the server targets are empty.
import Foundation

@main
enum TodosServerCommand {
  static func main() {
    FileHandle.standardError.write(Data("todos-server needs the Servers trait of HarnessExamples (on by default)\n".utf8))
    exit(1)
  }
}
#endif
