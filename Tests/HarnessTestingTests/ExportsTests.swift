import HarnessIssues
import HarnessTesting
import Testing

/// What `import HarnessTesting` brings besides its traits. (This target does not depend on
/// HarnessInterleavings.)
@Suite struct HarnessTestingExportsTests {
  @Test func withInterleavingsNeedsNoOtherImport() async {
    let runs = LockIsolated(0)
    await withInterleavings(5, strategy: .pct(depth: 2)) {
      await withTaskGroup(of: Void.self) { group in
        for _ in 0..<2 { group.addTask { await Task.yield() } }
      }
      runs.withValue { $0 += 1 }
    }
    #expect(runs.value == 5)
  }
}
