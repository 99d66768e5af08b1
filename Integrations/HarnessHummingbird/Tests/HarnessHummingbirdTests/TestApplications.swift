import Harness
import HarnessHummingbird
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging

extension HTTPField.Name {
  static let tenant = HTTPField.Name("X-Tenant")!
}

/// The routes the tests call, behind the middleware, with `X-Tenant` read into `\.tenant`.
enum TestApplications {
  static func router() -> Router<BasicRequestContext> {
    let router = Router()
    router.add(middleware: RequestDependenciesMiddleware { values, request, _ in
      values.tenant = request.headers[.tenant] ?? "none"
    })
    // What the handler sees: its request id, Hummingbird's id for the request, the logger's
    // request id metadata, the tenant.
    router.get("whoami") { _, context -> String in
      @Dependency(\.requestID) var requestID
      @Dependency(\.logger) var logger
      @Dependency(\.tenant) var tenant
      let loggerID = logger[metadataKey: "hb.request.id"]?.description ?? "-"
      return "\(requestID) \(context.id) \(loggerID) \(tenant)"
    }
    // The same, read again after suspending and from a child task: what a handler with awaits
    // and concurrency sees, while other requests run.
    router.get("whoami-later") { _, context -> String in
      @Dependency(\.requestID) var requestID
      @Dependency(\.tenant) var tenant
      let before = "\(requestID) \(tenant)"
      await Task.yield()
      async let fromChild: String = {
        @Dependency(\.requestID) var requestID
        @Dependency(\.tenant) var tenant
        await Task.yield()
        return "\(requestID) \(tenant)"
      }()
      let after = "\(requestID) \(tenant)"
      return "\(context.id) | \(before) | \(await fromChild) | \(after)"
    }
    // A test-scope override (the uuid generator) reaching the handler.
    router.get("uuid") { _, _ -> String in
      @Dependency(\.uuid) var uuid
      return uuid().uuidString
    }
    // A streaming body: its writer runs after the handler returned, outside the scope; the
    // "fixed" variant carries the scope into it with withEscapedDependencies.
    router.get("stream") { request, _ -> Response in
      let fixed = request.uri.queryParameters["fixed"] == "true"
      if fixed {
        return withEscapedDependencies { continuation in
          Response(
            status: .ok,
            body: ResponseBody { writer in
              try await continuation.yield {
                @Dependency(\.requestID) var requestID
                try await writer.write(ByteBuffer(string: "[\(requestID)]"))
                try await writer.finish(nil)
              }
            })
        }
      }
      return Response(
        status: .ok,
        body: ResponseBody { writer in
          @Dependency(\.requestID) var requestID
          try await writer.write(ByteBuffer(string: "[\(requestID)]"))
          try await writer.finish(nil)
        })
    }
    // A detached task inherits no task-locals: the scope is carried in.
    router.get("detached") { _, context -> String in
      let seen = await withEscapedDependencies { continuation in
        await Task.detached {
          continuation.yield {
            @Dependency(\.requestID) var requestID
            @Dependency(\.tenant) var tenant
            return "\(requestID) \(tenant)"
          }
        }.value
      }
      return "\(context.id) \(seen)"
    }
    return router
  }

  /// Prints only critical lines, and keeps metadata (where Hummingbird keeps the request id;
  /// SwiftLogNoOpLogHandler would drop it).
  static var quietLogger: Logger {
    var logger = Logger(label: "HarnessHummingbirdTests")
    logger.logLevel = .critical
    return logger
  }

  static func application() -> some ApplicationProtocol {
    Application(
      router: router(),
      configuration: .init(address: .hostname("127.0.0.1", port: 0)),
      logger: quietLogger
    )
  }
}
