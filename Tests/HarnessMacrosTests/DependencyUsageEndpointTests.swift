#if Macros
import Foundation
@_spi(DependencyUsage) import HarnessDependencies
import HarnessIssues
import HarnessMacros
import HarnessTesting
import Testing

// The usage report lists the endpoints of `@DependencyClient` clients a test called.

enum UserClientKey: TestDependencyKey {
  static var testValue: UserClient { UserClient() }
}

extension DependencyValues {
  var userClient: UserClient {
    get { self[UserClientKey.self] }
    set { self[UserClientKey.self] = newValue }
  }
}

/// Runs `body` in a usage-tracked scope and returns its report.
private func usage(_ body: () async throws -> Void) async rethrows -> DependencyUsageReport {
  let report = Locked<DependencyUsageReport?>(nil)
  try await DependencyUsageTracking.run(
    .report, label: "scenario", output: { given in report.withLock { $0 = given } },
    site: SourceCodeLocation(), { _ in }, operation: body)
  return report.withLock { $0! }
}

struct DependencyUsageEndpointTests {
  @Test func listsTheEndpointsCalledUnderTheDependencyThatGaveTheClient() async throws {
    let report = try await usage {
      try await withDependencies {
        $0.userClient.fetch = { id in User(id: id, name: "Blob") }
        $0.userClient.track = { _ in }
        $0.userClient.save = { _ in }
        $0.userClient.count = { 7 }
      } operation: {
        @Dependency(\.userClient) var client
        // The labelled method and the closure both count; a second call adds nothing.
        let first = try await client.fetch(id: 1)
        let second = try await client.fetch(2)
        #expect([first.name, second.name] == ["Blob", "Blob"])
        client.track("opened")
        #expect(client.count() == 7)
      }
    }
    // `save` was overridden but never called; `search` and `nickname` neither.
    #expect(report.endpointsCalled == ["\\.userClient: fetch, track, count"])
    #expect(
      report.description == """
        Dependency usage of scenario:
          read: \\.userClient
          endpoints called: \\.userClient: fetch, track, count
          unused overrides: none
          live values: none
        """)
  }

  @Test func aClientNoDependencyGaveIsNamedByItsType() async {
    let report = await usage {
      let client = UserClient.noop
      client.track("direct")
      _ = await client.search(query: "", limit: 1)
    }
    #expect(report.read.isEmpty)
    #expect(report.endpointsCalled == ["UserClient: track, search"])
  }

  @Test func anEndpointOverriddenInsideANestedScopeIsListed() async throws {
    let report = try await usage {
      @Dependency(\.userClient) var client
      try await withDependencies {
        $0.userClient = .noop
      } operation: {
        try await withDependencies {
          $0.userClient.save = { _ in }
        } operation: {
          try await client.save(User(id: 1, name: "Blob"))
        }
      }
    }
    #expect(report.endpointsCalled == ["\\.userClient: save"])
  }

  @Test func callsOutsideATrackedScopeAreNotListedAnywhere() async {
    // Nothing tracks here: the endpoint runs as usual.
    #expect(DependencyUsageReport.current == nil)
    UserClient.noop.track("untracked")
    let report = await usage {}
    #expect(report.endpointsCalled.isEmpty)
    #expect(!report.description.contains("endpoints called"))
  }
}

@Test(
  DependencyUsageTrait(.report) { report in
    #expect(report.endpointsCalled == ["\\.userClient: fetch"])
  },
  .dependencies { $0.userClient.fetch = { id in User(id: id, name: "Trait") } }
)
func theTraitReportListsTheEndpointsCalled() async throws {
  @Dependency(\.userClient) var client
  let user = try await client.fetch(id: 3)
  #expect(user.name == "Trait")
  #expect(DependencyUsageReport.current?.endpointsCalled == ["\\.userClient: fetch"])
}

@Suite(DependencyUsageTrait(.report) { report in
  #expect(report.endpointsCalled.count == 1)
})
struct DependencyUsageEndpointParallelTests {
  // Many tests at once, each calling its own endpoint of the same client type: no report lists
  // another test's calls.
  @Test(arguments: 0..<40)
  func eachTestListsOnlyItsOwnCalls(index: Int) async throws {
    @Dependency(\.userClient) var client
    try await withDependencies { $0.userClient = UserClient.noop } operation: {
      await Task.yield()
      if index.isMultiple(of: 2) {
        client.track("\(index)")
        await Task.yield()
        #expect(DependencyUsageReport.current?.endpointsCalled == ["\\.userClient: track"])
      } else {
        try await client.save(User(id: index, name: ""))
        await Task.yield()
        #expect(DependencyUsageReport.current?.endpointsCalled == ["\\.userClient: save"])
      }
    }
  }
}
#endif
