import Foundation
import HarnessDependencies
import HarnessIssues
import Synchronization
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

  /// Once a property's value is fixed for good, a read inside a scope that changes only other
  /// things reuses it; a scope that overrides the dependency, changes the context or starts a
  /// new scope still gets its own answer.
  @Test func aFixedValueIsReusedOnlyWhereTheCurrentScopeCannotChangeIt() {
    withFreshDependencies {
      let model = withDependencies { $0.greeting = "captured" } operation: { ScopedModel() }
      let instance = model.instance
      #expect(model.greeting == "captured")
      #expect(model.greetingByKey == "captured")

      withDependencies { $0.number = 5 } operation: {
        #expect(model.greeting == "captured")
        #expect(model.greetingByKey == "captured")
        #expect(model.instance === instance)
      }
      withDependencies { $0.context = .test } operation: {
        #expect(model.instance === instance)
      }
      withDependencies { $0.greeting = "current" } operation: {
        #expect(model.greeting == "current")
        #expect(model.greetingByKey == "current")
      }
      withDependencies { $0.context = .preview } operation: {
        #expect(model.instance !== instance)
        #expect(model.greeting == "captured")
      }
      withFreshDependencies {
        #expect(model.instance !== instance)
        #expect(model.instance === model.instance)
      }
      #expect(model.instance === instance)
    }
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

  @Test func readsOnAThreadOutsideAnyTaskSeeThatThreadsScopes() {
    // Outside tasks, task-locals live in the thread's own storage: the read's hit path looks
    // there too.
    let read = Locked<[String]>([])
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      defer { done.signal() }
      withDependencies { $0.greeting = "outer" } operation: {
        let model = Model()
        read.withLock { $0.append(model.greeting) }
        read.withLock { $0.append(model.greeting) }
        withDependencies { $0.greeting = "inner" } operation: {
          read.withLock { $0.append(DependencyValues.current.greeting) }
          read.withLock { $0.append(model.greeting) }
        }
        read.withLock { $0.append(DependencyValues.current.greeting) }
      }
    }
    thread.start()
    done.wait()
    #expect(read.withLock { $0 } == ["outer", "outer", "inner", "inner", "outer"])
  }

  @Test func aDetachedTaskKeepsWhatAModelCaptured() async {
    let model = withDependencies { $0.greeting = "captured" } operation: { Model() }
    let greeting = await Task.detached { model.greeting }.value
    #expect(greeting == "captured")
  }

  @Test func aKeyPathThroughADependencyIsComputedAtEachRead() {
    let ticks = Atomic(0)
    let date = DateGenerator {
      Date(timeIntervalSince1970: Double(ticks.wrappingAdd(1, ordering: .relaxed).oldValue))
    }
    // In a scope of its own, where plain dependencies are kept after the first read.
    withFreshDependencies { $0.date = date } operation: {
      @Dependency(\.date.now) var now
      #expect(now == Date(timeIntervalSince1970: 0))
      #expect(now == Date(timeIntervalSince1970: 1))
      #expect(now == Date(timeIntervalSince1970: 2))
    }
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

/// A model whose defaults are fixed once read: made inside a scope of its own.
private final class ScopedModel: @unchecked Sendable {
  @Dependency(\.greeting) var greeting
  @Dependency(GreetingKey.self) var greetingByKey
  @Dependency(\.instance) var instance
}
