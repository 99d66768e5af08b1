import HarnessIssues
import Testing

@Suite struct LockIsolatedTests {
  /// 1,000 tasks incrementing at once lose no update through `withValue`.
  @Test func withValueChangesInOneStep() async {
    let count = LockIsolated(0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<1_000 { group.addTask { count.withValue { $0 += 1 } } }
    }
    #expect(count.value == 1_000)
  }

  /// What escaping closures of code under test record, a test reads afterwards.
  @Test func collectsFromEscapingClosures() {
    let calls = LockIsolated<[Int]>([])
    let record: @Sendable (Int) -> Void = { id in calls.withValue { $0.append(id) } }
    record(1)
    record(2)
    #expect(calls.value == [1, 2])
    #expect(calls.count == 2)
    calls.setValue([])
    #expect(calls.value.isEmpty)
  }

  @Test func exchangeAndEquality() {
    let flag = LockIsolated(false)
    #expect(flag.exchange(with: true) == false)
    #expect(flag.value == true)
    #expect(LockIsolated(3) == LockIsolated(3))
    #expect(LockIsolated(3) != LockIsolated(4))
  }
}

@Suite struct ActorIsolatedTests {
  @Test func withValueChangesInOneStep() async {
    let events = ActorIsolated<[Int]>([])
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<100 { group.addTask { await events.withValue { $0.append(index) } } }
    }
    #expect(await events.value.sorted() == Array(0..<100))
    await events.setValue([7])
    #expect(await events.value == [7])
  }
}
