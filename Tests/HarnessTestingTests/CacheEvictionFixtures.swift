import HarnessDependencies
import HarnessIssues
import XCTest

// Run only as a child process of `XCTestTrackerTests` (see Fixtures.swift).

/// A dependency read by the fixtures below.
private enum EvictionKey: TestDependencyKey {
  static let testValue = "cached"
}

/// Two XCTest cases that each cache a default value; whichever runs second checks that the
/// first one's cached values went when it ended.
final class CacheEvictionXCTestFixtures: XCTestCase {
  private static let ended = Locked<[String]>([])

  override func setUpWithError() throws {
    try XCTSkipUnless(failingFixturesEnabled, "runs only as a child process of XCTestTrackerTests")
  }

  func testFirst() throws { try cacheAndCheckEarlierTests() }

  func testSecond() throws { try cacheAndCheckEarlierTests() }

  private func cacheAndCheckEarlierTests() throws {
    for earlier in Self.ended.withLock({ $0 }) {
      XCTAssertFalse(hasCachedDefaults(for: .xcTest(id: earlier)), "\(earlier) kept its cached values")
      print("checked the cached values of \(earlier)")
    }
    _ = DependencyValues.current[EvictionKey.self]
    let test = try XCTUnwrap(TestContext.current)
    XCTAssertTrue(hasCachedDefaults(for: test))
    Self.ended.withLock { $0.append(test.id) }
  }
}
