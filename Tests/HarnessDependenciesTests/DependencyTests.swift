import Foundation
import HarnessDependencies
import HarnessIssues
import Testing

struct DependencyTests {
  @Test func capturesTheValuesCurrentWhenItsOwnerIsCreated() {
    let model = withDependencies { $0.greeting = "captured" } operation: { Model() }
    #expect(model.greeting == "captured")
    #expect(DependencyValues.current.greeting == "test")
  }

  @Test func theScopeCurrentAtTheReadWinsWhereItOverridesSomething() {
    let model = withDependencies {
      $0.greeting = "captured"
      $0.number = 10
    } operation: {
      Model()
    }
    withDependencies { $0.greeting = "current" } operation: {
      #expect(model.greeting == "current")
      #expect(model.number == 10)
    }
    #expect(model.greeting == "captured")
  }

  @Test func aModelCreatedOutsideAnyScopeReadsTheCurrentScope() {
    let model = Model()
    #expect(model.greeting == "test")
    withDependencies { $0.greeting = "current" } operation: {
      #expect(model.greeting == "current")
    }
  }

  @Test func readsAKeyDirectly() {
    withDependencies { $0[LiveOnlyClient.self] = .mock } operation: {
      @Dependency(LiveOnlyClient.self) var client
      #expect(client.fetch() == "mock data")
    }
  }

  @Test func valuesFlowIntoTasksTaskGroupsAndAsyncLet() async {
    await withDependencies { $0.greeting = "scoped" } operation: {
      let fromTask = await Task { DependencyValues.current.greeting }.value
      #expect(fromTask == "scoped")

      async let fromAsyncLet = DependencyValues.current.greeting
      #expect(await fromAsyncLet == "scoped")

      let fromGroup = await withTaskGroup(of: String.self) { group in
        for _ in 0..<4 { group.addTask { DependencyValues.current.greeting } }
        var results: [String] = []
        for await result in group { results.append(result) }
        return results
      }
      #expect(fromGroup == Array(repeating: "scoped", count: 4))
    }
  }

  @Test func aDetachedTaskKeepsWhatAModelCaptured() async {
    let model = withDependencies { $0.greeting = "captured" } operation: { Model() }
    let greeting = await Task.detached { model.greeting }.value
    #expect(greeting == "captured")
  }

  @Test func readsAreStableUnderConcurrency() async {
    // In a scope of its own the value is fixed, so readers take the lock-free fast path.
    await withFreshDependencies {
      let model = InstanceModel()
      let instance = DependencyValues.current.instance
      let sameEverywhere = await withTaskGroup(of: Bool.self) { group in
        for _ in 0..<100 {
          group.addTask { (0..<100).allSatisfy { _ in model.instance === instance } }
        }
        var all = true
        for await result in group { all = all && result }
        return all
      }
      #expect(sameEverywhere)
    }
  }
}

private final class InstanceModel: @unchecked Sendable {
  @Dependency(\.instance) var instance
}
