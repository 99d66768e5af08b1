#if Servers
import Harness
import HarnessHummingbird
import Hummingbird
import Logging

/// Logs each request's method, path and status with the `logger` dependency, which
/// ``RequestDependenciesMiddleware`` (added before it) made the request's own logger: each line
/// carries the request id.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
    @Dependency(\.logger) var logger
    do {
      let response = try await next(request, context)
      logger.debug("\(request.method) \(request.uri.path) \(response.status.code)")
      return response
    } catch let error as any HTTPResponseError {
      logger.debug("\(request.method) \(request.uri.path) \(error.status.code)")
      throw error
    }
  }
}
#endif
