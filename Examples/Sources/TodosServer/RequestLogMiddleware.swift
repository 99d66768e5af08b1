#if Servers
import Harness
import HarnessHummingbird
import Hummingbird
import Logging

/// Logs one line per request, at `info`: its method, path and status. With the `logger`
/// dependency, which ``RequestDependenciesMiddleware`` (added before it) made the request's own
/// logger, so the line carries the request id (`hb.request.id`). An error that is no HTTP answer
/// is logged as the 500 it becomes.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
    @Dependency(\.logger) var logger
    do {
      let response = try await next(request, context)
      logger.info("\(request.method) \(request.uri.path) \(response.status.code)")
      return response
    } catch let error as any HTTPResponseError {
      logger.info("\(request.method) \(request.uri.path) \(error.status.code)")
      throw error
    } catch {
      logger.info("\(request.method) \(request.uri.path) 500")
      throw error
    }
  }
}
#endif
