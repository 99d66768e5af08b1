import HarnessClocks
import HarnessIssues
import Testing

/// A clock kept by the suite, as a `static` would be: every test that uses it after the first
/// is told.
let sharedClock = TestClock()

// Uses one clock from two tests: run only in a child process started by `SharedClockTests`, so
// that the order of the two tests is known.
@Suite(.serialized, .enabled(if: failingFixturesEnabled, "runs only as a child process of SharedClockTests"))
struct SharedClockFixtures {
  @Test func firstUse() async {
    await sharedClock.advance(by: .seconds(1))
    #expect(sharedClock.now.offset == .seconds(1))
  }

  @Test func secondUse() async {
    await withExpectedIssue {
      await sharedClock.advance(by: .seconds(1))
    } matching: { issue in
      issue.message.contains("is used by test")
        && issue.message.contains("but it belongs to test")
        && issue.message.contains("firstUse()")
        && issue.message.contains("Create a clock in each test")
    }
    // From then on it follows this test's work.
    let woken = Locked(false)
    let task = Task {
      try? await sharedClock.sleep(for: .seconds(1))
      woken.withLock { $0 = true }
    }
    await sharedClock.advance(by: .seconds(1))
    #expect(woken.withLock { $0 })
    await task.value
  }
}
