import Synchronization

/// A thread-safe list that tasks under test append to and tests read.
final class Log<Element: Sendable>: Sendable {
  private let storage = Mutex<[Element]>([])

  func append(_ element: Element) {
    storage.withLock { $0.append(element) }
  }

  var elements: [Element] { storage.withLock { $0 } }
  var count: Int { storage.withLock { $0.count } }
}

/// A model isolated to the main actor, as a feature's view model would be.
@MainActor
final class MainActorCounter {
  var count = 0
  func increment() { count += 1 }
}
