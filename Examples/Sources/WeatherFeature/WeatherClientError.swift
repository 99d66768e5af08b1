#if Macros
/// Why the weather service gave no answer, in words for the person at the keyboard.
public enum WeatherClientError: Error, Equatable, CustomStringConvertible {
  /// The host could not be reached at all: no route, no name resolution, refused, timed out.
  case unreachable(host: String, reason: String)
  /// The request went out but failed on the way, e.g. a broken TLS handshake.
  case transferFailed(host: String, reason: String)
  /// The host answered with an HTTP error.
  case badStatus(host: String, status: Int, reason: String)
  /// The host answered something that is not the expected JSON.
  case unreadable(host: String, reason: String)

  public var description: String {
    switch self {
    case let .unreachable(host, reason):
      "Could not reach \(host): \(reason). This machine seems to be offline."
    case let .transferFailed(host, reason):
      "The request to \(host) failed: \(reason)."
    case let .badStatus(host, status, reason):
      "\(host) answered HTTP \(status): \(reason)."
    case let .unreadable(host, reason):
      "Could not read the answer from \(host): \(reason)."
    }
  }
}
#endif
