import Harness

extension DependencyValues {
  /// The id of the request being handled: Hummingbird's request id (`context.id`, also in the
  /// request logger's `hb.request.id` metadata), set by ``RequestDependenciesMiddleware`` for
  /// the request's whole dependency scope. When the logger's handler keeps no metadata
  /// (`SwiftLogNoOpLogHandler`), Hummingbird's id is lost and the middleware makes a new one.
  ///
  /// - live value: `""` (no request: code running outside a request scope)
  /// - test value: `""`, unless the test handles a request through the middleware or overrides it
  ///
  /// ```swift
  /// struct Receipt: ResponseEncodable {
  ///   var requestID: String
  /// }
  ///
  /// func makeRouter() -> Router<BasicRequestContext> {
  ///   let router = Router()
  ///   router.add(middleware: RequestDependenciesMiddleware())
  ///   router.get("receipt") { _, _ in
  ///     @Dependency(\.requestID) var requestID
  ///     return Receipt(requestID: requestID)
  ///   }
  ///   return router
  /// }
  /// ```
  public var requestID: String {
    get { self[RequestIDKey.self] }
    set { self[RequestIDKey.self] = newValue }
  }
}

private enum RequestIDKey: DependencyKey {
  static let liveValue = ""
  static let testValue = ""
}
