import HarnessDependencies
import XCTest

/// An `XCTestCase` that runs each test in a dependency scope of its own: what the Swift Testing
/// dependency traits do, for XCTest.
///
/// ```swift
/// final class TodosTests: DependencyTestCase {
///   override func setUpDependencies(_ dependencies: inout DependencyValues) {
///     dependencies.uuid = .incrementing
///   }
///
///   override func setUp() {
///     super.setUp()
///     prepareDependencies { $0.apiClient = .mock }   // this test only
///   }
///
///   func testAdd() { … }
/// }
/// ```
///
/// Default values are built afresh for each test, `setUpDependencies` runs before each test's
/// `setUp`, and `prepareDependencies` in `setUp` affects only that test. (Plain `XCTestCase`s
/// get per-test default values too, keyed by the test's name; this class also ends them with the
/// test and lets a class override dependencies for all its tests.)
open class DependencyTestCase: XCTestCase {
  /// Overrides dependencies for every test of this class. Called before each test's `setUp`.
  open func setUpDependencies(_ dependencies: inout DependencyValues) {}

  open override func invokeTest() {
    withFreshDependencies { setUpDependencies(&$0) } operation: {
      super.invokeTest()
    }
  }
}
