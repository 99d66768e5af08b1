import Synchronization

/// What a test's clients were asked, in order, from any task.
final class Log<Entry: Sendable>: Sendable {
  private let storage = Mutex<[Entry]>([])

  func append(_ entry: Entry) { storage.withLock { $0.append(entry) } }

  var entries: [Entry] { storage.withLock { $0 } }
}

/// A request a test's weather client received.
enum WeatherRequest: Equatable, Sendable {
  case search(latitude: Double, longitude: Double)
  case weather(String)
}
