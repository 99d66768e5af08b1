import Foundation
import Harness
import HarnessClocks
import HarnessStore
import HarnessTesting
import Testing

// A store's `withDependencies:` overrides count as given; its reducer's and effects' reads as
// read.
@Test(
  DependencyUsageTrait(.report) { report in
    #expect(report.read == ["\\.continuousClock"])
    #expect(report.unusedOverrides.map(\.name) == ["\\.uuid"])
    #expect(report.unusedOverrides.first?.location?.fileID == "HarnessStoreTests/DependencyUsageStoreTests.swift")
    #expect(report.unusedOverrides.first?.location?.line == 20)
  }
)
func dependencyUsageThroughATestStore() async {
  let clock = TestClock()
  let store = TestStore(initialState: Counter.State()) {
    Counter()
  } withDependencies: {
    $0.continuousClock = clock
    $0.uuid = .incrementing
  }
  await store.send(.delayedIncrementTapped)
  await clock.advance(by: .seconds(1))
  await store.receive(.incrementTapped) { $0.count = 1 }
}
