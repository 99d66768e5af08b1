import Harness
import Hummingbird
import Logging

/// Runs each request in a dependency scope of its own: while the request is handled, and in
/// every task the handler starts with `Task {}`, `async let` or a task group,
/// `@Dependency(\.requestID)` is the request's id and `@Dependency(\.logger)` the request's
/// logger (with the id as metadata). Add your own per-request values with `update`.
///
/// ```swift
/// import Harness
/// import HarnessHummingbird
/// import HTTPTypes
/// import Hummingbird
///
/// extension DependencyValues {
///   var tenant: String {
///     get { self[TenantKey.self] }
///     set { self[TenantKey.self] = newValue }
///   }
/// }
/// private enum TenantKey: DependencyKey {
///   static let liveValue = "public"
/// }
///
/// func makeRouter() -> Router<BasicRequestContext> {
///   let router = Router()
///   router.add(middleware: RequestDependenciesMiddleware { values, request, context in
///     values.tenant = request.headers[HTTPField.Name("X-Tenant")!] ?? "public"
///   })
///   router.get("hello") { _, _ in
///     @Dependency(\.tenant) var tenant
///     @Dependency(\.requestID) var requestID
///     return "hello \(tenant), this is request \(requestID)"
///   }
///   return router
/// }
/// ```
///
/// Live values (a database pool, an HTTP client) are not built per request: a dependency's
/// `liveValue` is built once per process, on first use, and every request's scope shares it.
///
/// The scope ends when the handler returns its response. Work that runs after that, or on a task
/// that does not inherit task-locals, does not see it: the writer of a streaming response body,
/// `Task.detached`, and WebSocket handlers. Capture the scope there with
/// `withEscapedDependencies`; the article "Request-scoped dependencies" shows each fix.
///
/// Add it before the routes (`router.add(middleware:)`, or first in a route group), so that the
/// middleware after it run inside the scope too.
public struct RequestDependenciesMiddleware<Context: RequestContext>: RouterMiddleware {
  /// Sets per-request values of your own; it runs after `requestID` and `logger` are set.
  private let update: @Sendable (inout DependencyValues, Request, Context) -> Void

  /// A middleware that sets `requestID` and `logger` for each request, then calls `update` (if
  /// any) with the request's dependency values, the request and its context.
  public init(
    _ update: @escaping @Sendable (_ values: inout DependencyValues, _ request: Request, _ context: Context) -> Void = { _, _, _ in }
  ) {
    self.update = update
  }

  /// Handles `request` by calling `next` inside the request's dependency scope.
  public func handle(
    _ request: Request,
    context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    // Hummingbird keeps the request id in the logger's metadata (`context.id` reads it back). A
    // log handler that keeps no metadata (SwiftLogNoOpLogHandler) loses it: the request still
    // gets an id of its own here.
    let requestID = context.logger[metadataKey: Self.requestIDKey]?.description ?? RequestID().description
    return try await withDependencies {
      $0.requestID = requestID
      $0.logger = context.logger
      update(&$0, request, context)
    } operation: {
      try await next(request, context)
    }
  }

  /// The logger metadata key of Hummingbird's request id.
  private static var requestIDKey: String { "hb.request.id" }
}
