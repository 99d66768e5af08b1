#if Servers
import Hummingbird

/// Answers a request that no route takes with a JSON error instead of a bare 404: 405 Method Not
/// Allowed, with an `Allow` header and a message listing the methods, when its path is a route's
/// path; else 404 naming the path.
///
/// Added to the router after the routes, so that it sits only in front of the router's
/// not-found answer, which every middleware wraps: a request a route takes never reaches it.
struct MethodNotAllowedMiddleware<Context: RequestContext>: RouterMiddleware {
  /// Each route's path, split into its components, and the methods it takes.
  private let routes: [(path: RouterPath, methods: [HTTPRequest.Method])]

  init(routes: [Router<Context>.RouteDescription]) {
    var byPath: [(path: RouterPath, methods: [HTTPRequest.Method])] = []
    for route in routes {
      if let index = byPath.firstIndex(where: { $0.path == route.path }) {
        byPath[index].methods.append(route.method)
      } else {
        byPath.append((route.path, [route.method]))
      }
    }
    self.routes = byPath
  }

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
    let path = request.uri.path
    guard let methods = allowedMethods(for: path) else {
      throw HTTPError(.notFound, message: "No route for \(request.method) \(path)")
    }
    let allowed = methods.map(\.rawValue).sorted()
    throw HTTPError(
      .methodNotAllowed,
      headers: [.allow: allowed.joined(separator: ", ")],
      message: "\(request.method) is not allowed on \(path); use \(allowed.joined(separator: " or "))"
    )
  }

  /// The methods of the route `path` would be routed to, as the router picks it (a literal
  /// component before a capture); `nil` when no route has that path.
  func allowedMethods(for path: String) -> [HTTPRequest.Method]? {
    let components = path.split(separator: "/", omittingEmptySubsequences: true)
    var best: (literals: Int, methods: [HTTPRequest.Method])?
    for route in routes where route.path.count == components.count {
      var literals = 0
      var matches = true
      for (element, component) in zip(route.path, components) {
        guard element ~= component else {
          matches = false
          break
        }
        if element == component { literals += 1 }
      }
      if matches, literals > (best?.literals ?? -1) { best = (literals, route.methods) }
    }
    return best?.methods
  }
}
#endif
