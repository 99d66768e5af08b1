import HarnessDependencies
import HarnessTesting
import Synchronization
import Testing

// Run only as a child process of `RepetitionTests`, with `--repetitions`.

/// A stateful default: each build starts counting at 0.
private final class RepetitionCounter: Sendable {
  private let value = Atomic(0)
  func next() -> Int { value.wrappingAdd(1, ordering: .relaxed).oldValue }
}

private enum RepetitionCounterKey: TestDependencyKey {
  static var testValue: RepetitionCounter { RepetitionCounter() }
}

@Suite(
  .enabled(if: failingFixturesEnabled, "runs only as a child process of RepetitionTests"),
  .dependencies
)
struct RepetitionFixtures {
  @Test func countsFromZeroInEveryIteration() {
    #expect(DependencyValues.current[RepetitionCounterKey.self].next() == 0)
  }

  @Test(arguments: 0..<3)
  func everyArgumentCountsFromZeroInEveryIteration(_: Int) {
    #expect(DependencyValues.current[RepetitionCounterKey.self].next() == 0)
  }
}
