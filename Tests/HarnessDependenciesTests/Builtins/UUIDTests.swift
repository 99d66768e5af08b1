import Foundation
import HarnessDependencies
import HarnessIssues
import HarnessTesting
import Synchronization
import Testing

struct UUIDTests {
  @Test func incrementingCountsFromZero() {
    let uuid = UUIDGenerator.incrementing
    #expect(uuid().uuidString == "00000000-0000-0000-0000-000000000000")
    #expect(uuid().uuidString == "00000000-0000-0000-0000-000000000001")
    #expect(uuid().uuidString == "00000000-0000-0000-0000-000000000002")
  }

  @Test func eachIncrementingGeneratorStartsAgain() {
    let first = UUIDGenerator.incrementing
    _ = first()
    #expect(UUIDGenerator.incrementing() == UUID(0))
  }

  @Test func incrementingIsThreadSafe() async {
    let uuid = UUIDGenerator.incrementing
    let all = await withTaskGroup(of: [UUID].self) { group in
      for _ in 0..<10 {
        group.addTask { (0..<1_000).map { _ in uuid() } }
      }
      var all: [UUID] = []
      for await part in group { all += part }
      return all
    }
    #expect(Set(all) == Set((0..<10_000).map { UUID(UInt64($0)) }))
  }

  @Test func uuidFromAnInteger() {
    #expect(UUID(0xABCDEF).uuidString == "00000000-0000-0000-0000-000000ABCDEF")
    #expect(UUID(0xFFFF_FFFF_FFFF).uuidString == "00000000-0000-0000-0000-FFFFFFFFFFFF")
  }

  @Test func constantAlwaysGivesTheSameUUID() {
    let value = UUID()
    let uuid = UUIDGenerator.constant(value)
    #expect(uuid() == value)
    #expect(uuid() == value)
  }

  @Test func randomGivesDistinctUUIDs() {
    #expect(UUIDGenerator.random() != UUIDGenerator.random())
  }

  @Test func liveValueIsRandom() {
    withDependencies { $0.context = .live } operation: {
      @Dependency(\.uuid) var uuid
      #expect(uuid() != uuid())
    }
  }

  @Test func testValueReportsEachUseAtTheCaller() {
    @Dependency(\.uuid) var uuid
    let collector = IssueCollector()
    withIssueReporters([collector]) {
      _ = uuid()
      _ = uuid()
    }
    let line = #line - 3
    #expect(collector.issues.count == 2)
    let issue = collector.issues.first
    #expect(issue?.message.contains("@Dependency(\\.uuid) is unimplemented in tests") == true)
    #expect(issue?.message.contains("withDependencies { $0.uuid = .incrementing }") == true)
    #expect(issue?.message.contains("@Test(.dependency(\\.uuid, .incrementing))") == true)
    #expect(issue?.location.fileID == "HarnessDependenciesTests/UUIDTests.swift")
    #expect(issue?.location.line == UInt(line))
  }

  @Test(.dependency(\.uuid, .incrementing))
  func overriddenInATest() {
    @Dependency(\.uuid) var uuid
    #expect(uuid() == UUID(0))
  }

  @Test func uuidOfAnIntCoversTheWholeRangeWithTheSignInTheThirdGroup() {
    #expect(UUID(0).uuidString == "00000000-0000-0000-0000-000000000000")
    #expect(UUID(1).uuidString == "00000000-0000-0000-0000-000000000001")
    #expect(UUID(-1).uuidString == "00000000-0000-0001-0000-000000000001")
    #expect(UUID(Int.max).uuidString == "00000000-0000-0000-7FFF-FFFFFFFFFFFF")
    #expect(UUID(Int.min).uuidString == "00000000-0000-0001-8000-000000000000")
    #expect(UUID(-1) != UUID(1))
  }

  @Test func uuidOfAUInt64IsNeverCutShort() {
    #expect(UUID(UInt64(Int.max)) == UUID(Int.max))
    #expect(UUID(UInt64.max).uuidString == "00000000-0000-0000-FFFF-FFFFFFFFFFFF")
    #expect(UUID(UInt64(1) << 48) != UUID(0))
  }
}
