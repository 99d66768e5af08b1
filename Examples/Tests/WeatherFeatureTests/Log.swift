#if Macros
import Harness

/// What a test's clients were asked, in order, from any task.
final class Log<Entry: Sendable>: Sendable {
  private let storage = LockIsolated<[Entry]>([])

  func append(_ entry: Entry) { storage.withValue { $0.append(entry) } }

  var entries: [Entry] { storage.withValue { $0 } }
}

/// A request a test's weather client received.
enum WeatherRequest: Equatable, Sendable {
  case search(latitude: Double, longitude: Double)
  case weather(String)
}
#endif
