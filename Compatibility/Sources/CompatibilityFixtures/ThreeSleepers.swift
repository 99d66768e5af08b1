import HarnessClocks
import HarnessIssues

/// Starts three tasks sleeping 3, 1 and 2 seconds on `clock` (longest first), advances it by one
/// second, then by two more, and returns which had woken after each advance: `[[1], [1, 2, 3]]`
/// when every advance waits for the sleepers it reaches, in the order of their deadlines.
public func wakeThreeSleepers(on clock: TestClock<Duration>) async throws -> [[Int]] {
  let woken = LockIsolated<[Int]>([])
  let sleepers = [3, 1, 2].map { seconds in
    Task {
      try await clock.sleep(for: .seconds(seconds))
      woken.withValue { $0.append(seconds) }
    }
  }
  await clock.advance(by: .seconds(1))
  let afterOne = woken.value
  await clock.advance(by: .seconds(2))
  let afterThree = woken.value
  for sleeper in sleepers { try await sleeper.value }
  return [afterOne, afterThree]
}
