#if Servers
import Harness
import HarnessHummingbird
import Hummingbird
import Logging

/// The Todos server: the routes of ``TodosAPI`` behind ``RequestDependenciesMiddleware``.
public enum TodosApplication {
  /// The router: each request in its own dependency scope (request id, logger), logged in one
  /// line, then the routes; a request no route takes gets a JSON 405 (a known path) or 404.
  public static func router() -> Router<TodosRequestContext> {
    let router = Router(context: TodosRequestContext.self)
    router.add(middleware: RequestDependenciesMiddleware())
    router.add(middleware: RequestLogMiddleware())
    TodosAPI.addRoutes(to: router)
    router.add(middleware: MethodNotAllowedMiddleware(routes: router.routes))
    return router
  }

  /// The application listening on `host`:`port` (port 0 picks a free one).
  public static func make(host: String = "127.0.0.1", port: Int = 8080, logger: Logger? = nil) -> some ApplicationProtocol {
    Application(
      router: router(),
      configuration: .init(address: .hostname(host, port: port), serverName: "todos-server"),
      logger: logger ?? Logger(label: "todos-server")
    )
  }
}
#endif
