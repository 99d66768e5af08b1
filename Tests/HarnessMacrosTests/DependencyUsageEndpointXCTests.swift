#if Macros
import HarnessDependencies
import HarnessIssues
import HarnessMacros
import HarnessTesting
import XCTest

// `DependencyTestCase.dependencyUsage` lists the endpoints called too.
final class DependencyUsageEndpointXCTests: DependencyTestCase {
  private let reports = Locked<[DependencyUsageReport]>([])

  override var dependencyUsage: DependencyUsageMode? { .report }

  override func setUpDependencies(_ dependencies: inout DependencyValues) {
    dependencies.userClient = .noop
  }

  override func dependencyUsageReported(_ report: DependencyUsageReport) {
    reports.withLock { $0.append(report) }
  }

  func testListsTheEndpointsCalledAndNotTheOthers() async throws {
    @Dependency(\.userClient) var client
    try await withDependencies {
      $0.userClient.fetch = { id in User(id: id, name: "XCTest") }
    } operation: {
      let user = try await client.fetch(id: 5)
      XCTAssertEqual(user.name, "XCTest")
    }
    XCTAssertEqual(client.nickname(id: 5), nil)
    XCTAssertEqual(DependencyUsageReport.current?.endpointsCalled, ["\\.userClient: fetch, nickname"])
  }

  override func invokeTest() {
    super.invokeTest()
    let report = reports.withLock { $0.last }
    XCTAssertEqual(report?.endpointsCalled, ["\\.userClient: fetch, nickname"])
    XCTAssertEqual(report?.description.contains("endpoints called: \\.userClient: fetch, nickname"), true)
  }
}
#endif
