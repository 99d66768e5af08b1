import HarnessIssues
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension DependencyValues {
  /// The URL session to make network requests with.
  ///
  /// - live value: `URLSession.shared`
  /// - test value: a session whose every request reports an issue and fails with an error
  ///   naming `@Dependency(\.urlSession)`, so that no test reaches the network by accident
  ///   (and catching the error does not hide it)
  /// - preview value: the live value
  ///
  /// Better still, put requests behind a client of your own (`APIClient`) and override that.
  public var urlSession: URLSession {
    get { self[URLSessionKey.self] }
    set { self[URLSessionKey.self] = newValue }
  }
}

private enum URLSessionKey: DependencyKey {
  static var liveValue: URLSession { .shared }
  static var testValue: URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.protocolClasses = [UnimplementedURLProtocol.self]
    return URLSession(configuration: configuration)
  }
}

/// Fails every request, saying which dependency to override.
private final class UnimplementedURLProtocol: URLProtocol {
  // Called on the task that makes the request (so the issue reaches the right test, and any
  // `withExpectedIssue` around the request); the request then fails in `startLoading`.
  override class func canInit(with request: URLRequest) -> Bool {
    reportIssue(message(for: request))
    return true
  }

  override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

  override func startLoading() {
    client?.urlProtocol(
      self,
      didFailWithError: URLError(
        .unsupportedURL, userInfo: [NSLocalizedDescriptionKey: Self.message(for: request)])
    )
  }

  private static func message(for request: URLRequest) -> String {
    let url = request.url?.absoluteString ?? "(no URL)"
    return """
      @Dependency(\\.urlSession) is unimplemented in tests: a request to \(url) was made \
      without saying how to answer it. Override it for the test \
      (withDependencies { $0.urlSession = … }), or better, put the request behind a client \
      dependency and override the client.
      """
  }

  override func stopLoading() {}
}
