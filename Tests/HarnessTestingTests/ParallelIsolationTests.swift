import HarnessIssues
import Synchronization
import Testing

/// 500 test cases run in parallel, each reporting inside `withExpectedIssue`: every issue must
/// reach its own test's scope (no issue lands on the wrong test) and none may be lost.
@Suite struct ParallelIsolationTests {
  static let caseCount = 500
  static let contextIDs = Locked<[String: Int]>([:])

  @Test(arguments: 0..<caseCount)
  func issuesStayWithTheirTest(index: Int) async throws {
    let context = try #require(TestContext.current)
    let owner = Self.contextIDs.withLock { ids in
      if let owner = ids[context.id] { return owner }
      ids[context.id] = index
      return index
    }
    #expect(owner == index, "test case \(index) shares its TestContext id with case \(owner)")

    let received = Atomic<Int>(0)
    await withExpectedIssue {
      reportIssue("issue \(index)")
      await Task.yield()
      await Task { reportIssue("issue \(index)") }.value
      await withTaskGroup(of: Void.self) { group in
        group.addTask { reportIssue("issue \(index)") }
      }
    } matching: { issue in
      guard issue.message == "issue \(index)" else { return false }
      received.add(1, ordering: .relaxed)
      return true
    }
    #expect(received.load(ordering: .relaxed) == 3)
  }
}
