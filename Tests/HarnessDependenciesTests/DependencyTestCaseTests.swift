import Foundation
import HarnessDependencies
import HarnessTesting
import XCTest

// XCTest, where it differs from Swift Testing: scopes from `invokeTest` and preparations in
// `setUp`.

final class DependencyTestCaseTests: DependencyTestCase {
  override func setUpDependencies(_ dependencies: inout DependencyValues) {
    dependencies.greeting = "class"
    dependencies.uuid = .incrementing
  }

  override func setUp() {
    super.setUp()
    prepareDependencies { $0.number = 42 }
  }

  func testTheClassOverridesApply() {
    XCTAssertEqual(DependencyValues.current.greeting, "class")
    XCTAssertEqual(DependencyValues.current.uuid(), UUID(0))
  }

  func testEachTestGetsItsOwnStatefulValues() {
    // Run after the test above or not, the generator starts at 0.
    XCTAssertEqual(DependencyValues.current.uuid(), UUID(0))
    XCTAssertEqual(DependencyValues.current.counter.next(), 0)
  }

  func testPreparationsInSetUpAreSeenByTheTest() {
    XCTAssertEqual(DependencyValues.current.number, 42)
  }

  func testAsyncTestsRunInTheScopeToo() async {
    await Task.yield()
    XCTAssertEqual(DependencyValues.current.greeting, "class")
    XCTAssertEqual(DependencyValues.current.number, 42)
  }
}

final class PlainXCTestCaseDependencyTests: XCTestCase {
  override func setUp() {
    super.setUp()
    prepareDependencies { $0.number = 7 }
  }

  func testPreparationsInSetUpAreSeenByTheTest() {
    XCTAssertEqual(DependencyValues.current.number, 7)
  }

  func testDefaultValuesArePerTest() {
    XCTAssertEqual(DependencyValues.current.counter.next(), 0)
  }

  func testDefaultValuesArePerTestToo() {
    XCTAssertEqual(DependencyValues.current.counter.next(), 0)
  }
}
