import HarnessIssues


/// A thread-safe list that tasks under test append to and tests read.
final class Log<Element: Sendable>: Sendable {
  private let storage = Locked<[Element]>([])

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

/// Sleeps on `clock` in a task that is cancelled first; `true` when the sleep threw
/// `CancellationError`.
func sleepThrowsInACancelledTask<SleepingClock: Clock<Duration>>(on clock: SleepingClock) async -> Bool {
  let task = Task {
    withUnsafeCurrentTask { $0?.cancel() }
    do {
      try await clock.sleep(for: .seconds(1))
      return false
    } catch {
      return error is CancellationError
    }
  }
  return await task.value
}
