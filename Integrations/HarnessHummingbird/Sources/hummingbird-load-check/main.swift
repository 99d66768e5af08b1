// How much a request costs with RequestDependenciesMiddleware, against the same route without it.
// One server on 127.0.0.1 (a free port) serves both:
//   GET /plain/hello   the route alone
//   GET /scoped/hello  the same route behind the middleware
// Keep-alive connections on threads of their own send requests to one of them for a fixed time,
// then to the other, alternating for a fixed number of rounds; the best round of each counts
// (load from other work on a shared machine only ever slows a round down). Prints requests per
// second of both, the ratio and the middleware's cost as a share of a request; exits 1 if the
// cost is 5% or more. Bounded: it stops by itself after 2 × rounds × seconds.
//   scripts/server-load-check [--seconds 2] [--rounds 3] [--connections 4]
import Foundation
import Harness
import HarnessHummingbird
import Hummingbird
import Logging

struct Options {
  var seconds = 2.0
  var rounds = 3
  var connections = 4

  init(_ arguments: [String]) throws {
    var iterator = arguments.makeIterator()
    while let argument = iterator.next() {
      guard let value = iterator.next() else { throw LoadCheckError("\(argument) needs a value") }
      switch argument {
      case "--seconds": seconds = try Self.number(value, for: argument, max: 30)
      case "--rounds": rounds = Int(try Self.number(value, for: argument, max: 10))
      case "--connections": connections = Int(try Self.number(value, for: argument, max: 64))
      default: throw LoadCheckError("unknown option \(argument); use --seconds, --rounds, --connections")
      }
    }
  }

  private static func number(_ text: String, for option: String, max: Double) throws -> Double {
    guard let value = Double(text), value > 0, value <= max else {
      throw LoadCheckError("\(option) must be a number above 0 and at most \(Int(max)), not \(text)")
    }
    return value
  }
}

func makeRouter() -> Router<BasicRequestContext> {
  let router = Router()
  let hello: @Sendable (Request, BasicRequestContext) -> String = { _, _ in
    @Dependency(\.requestID) var requestID
    return "hello \(requestID)"
  }
  router.group("plain").get("hello", use: hello)
  router.group("scoped").add(middleware: RequestDependenciesMiddleware()).get("hello", use: hello)
  return router
}

/// Sends `request` over `client` until `deadline`; returns how many were answered with 200.
func countRequests(client: LoopbackClient, request: [UInt8], path: String, until deadline: Date, failure: LockIsolated<(any Error)?>) -> Int {
  var count = 0
  do {
    while Date() < deadline {
      let status = try client.get(request)
      guard status == 200 else { throw LoadCheckError("GET \(path) answered \(status)") }
      count += 1
    }
  } catch {
    failure.setValue(error)
  }
  return count
}

/// Requests per second on `path` over `connections` connections for `seconds`.
func measure(path: String, port: Int, connections: Int, seconds: Double) throws -> Double {
  let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n".utf8)
  let clients = try (0..<connections).map { _ in try LoopbackClient(port: port) }
  let counts = LockIsolated([Int](repeating: 0, count: connections))
  let failure = LockIsolated<(any Error)?>(nil)
  let deadline = Date().addingTimeInterval(seconds)
  let start = Date()
  let group = DispatchGroup()
  for (index, client) in clients.enumerated() {
    nonisolated(unsafe) let client = client
    DispatchQueue.global().async(group: group) {
      let count = countRequests(client: client, request: request, path: path, until: deadline, failure: failure)
      counts.withValue { $0[index] = count }
    }
  }
  group.wait()
  if let error = failure.value { throw error }
  return Double(counts.value.reduce(0, +)) / Date().timeIntervalSince(start)
}

let options: Options
do {
  options = try Options(Array(CommandLine.arguments.dropFirst()))
} catch {
  FileHandle.standardError.write(Data("error: \(error)\n".utf8))
  exit(2)
}

let portPromise = LockIsolated<Int?>(nil)
let app = Application(
  router: makeRouter(),
  configuration: .init(address: .hostname("127.0.0.1", port: 0)),
  onServerRunning: { channel in portPromise.setValue(channel.localAddress?.port) },
  logger: Logger(label: "load-check") { _ in SwiftLogNoOpLogHandler() }
)
let server = Task { try await app.runService(gracefulShutdownSignals: []) }
var waited = 0
while portPromise.value == nil, waited < 100 {
  try await Task.sleep(for: .milliseconds(50))
  waited += 1
}
guard let port = portPromise.value else {
  FileHandle.standardError.write(Data("error: the server did not start in 5 seconds\n".utf8))
  exit(1)
}

print("load check on 127.0.0.1:\(port): \(options.rounds) rounds × 2 routes × \(options.seconds) s, \(options.connections) connections")
var best: (plain: Double, scoped: Double) = (0, 0)
do {
  _ = try measure(path: "/plain/hello", port: port, connections: options.connections, seconds: 0.5)  // warm-up
  for round in 1...options.rounds {
    let plain = try measure(path: "/plain/hello", port: port, connections: options.connections, seconds: options.seconds)
    let scoped = try measure(path: "/scoped/hello", port: port, connections: options.connections, seconds: options.seconds)
    print(String(format: "round %d: without middleware %.0f req/s, with %.0f req/s", round, plain, scoped))
    best = (max(best.plain, plain), max(best.scoped, scoped))
  }
} catch {
  FileHandle.standardError.write(Data("error: \(error)\n".utf8))
  server.cancel()
  exit(1)
}
server.cancel()

let ratio = best.scoped / best.plain
let cost = 1 - ratio
print(String(format: "best: without middleware %.0f req/s, with %.0f req/s", best.plain, best.scoped))
print(String(format: "ratio (with / without): %.3f; the middleware's cost: %.1f%% of a request (limit 5%%)", ratio, cost * 100))
exit(cost < 0.05 ? 0 : 1)
