import Harness
import Logging

extension DependencyValues {
  /// The logger to log with: inside a request handled through ``RequestDependenciesMiddleware``,
  /// the request's logger (`context.logger`), whose metadata holds the request id
  /// (`hb.request.id`), so every line logged while handling the request names it.
  ///
  /// - live value: a logger labelled `harness`, built once per process (lines logged outside
  ///   any request)
  /// - test value: a logger that drops everything, unless the test handles a request through the
  ///   middleware or overrides it
  ///
  /// ```swift
  /// import Harness
  /// import HarnessHummingbird
  /// import Logging
  ///
  /// func chargeCard(amount: Int) {
  ///   @Dependency(\.logger) var logger
  ///   logger.info("charging", metadata: ["amount": "\(amount)"])   // carries hb.request.id
  /// }
  /// ```
  public var logger: Logger {
    get { self[LoggerKey.self] }
    set { self[LoggerKey.self] = newValue }
  }
}

private enum LoggerKey: DependencyKey {
  static let liveValue = Logger(label: "harness")
  static let testValue = Logger(label: "harness.test") { _ in SwiftLogNoOpLogHandler() }
}
