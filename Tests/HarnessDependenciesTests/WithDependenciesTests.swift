import Foundation
import HarnessDependencies
import HarnessIssues
import Testing

struct WithDependenciesTests {
  @Test func nestedScopesAddToTheirParents() {
    withDependencies { $0.greeting = "outer" } operation: {
      withDependencies { $0.number = 10 } operation: {
        #expect(DependencyValues.current.greeting == "outer")
        #expect(DependencyValues.current.number == 10)
      }
    }
  }

  @Test func returnsTheOperationsResult() {
    let model = withDependencies { $0.number = 5 } operation: { Model() }
    #expect(model.number == 5)
  }

  @Test func rethrowsTheOperationsError() {
    struct Failure: Error {}
    #expect(throws: Failure.self) {
      try withDependencies { $0.number = 5 } operation: { throw Failure() }
    }
  }

  @Test func asyncOperationsKeepTheScopeAcrossSuspensions() async {
    await withDependencies { $0.number = 7 } operation: {
      await Task.yield()
      #expect(DependencyValues.current.number == 7)
    }
  }

  @MainActor
  @Test func asyncOperationsStayOnTheCallersActor() async {
    await withDependencies { $0.number = 8 } operation: {
      await Task.yield()
      // Compiles only because the operation is main-actor isolated, like its caller.
      mainActorCounter += 1
      #expect(DependencyValues.current.number == 8)
    }
    #expect(mainActorCounter > 0)
  }

  @Test func asyncUpdatesMayAwait() async {
    await withDependencies {
      $0.greeting = await Task { "awaited" }.value
    } operation: {
      #expect(DependencyValues.current.greeting == "awaited")
    }
  }

  @Test func aChildModelKeepsItsParentsOverrides() {
    let parent = withDependencies { $0.greeting = "parent" } operation: { ParentModel() }
    let child = parent.makeChild()
    #expect(child.greeting == "parent")
  }

  @Test func inheritsFromASuperclassesDependencies() {
    let parent = withDependencies { $0.greeting = "base" } operation: { DerivedParentModel() }
    let child = withDependencies(from: parent) { Model() }
    #expect(child.greeting == "base")
  }

  @Test func asyncInheritance() async {
    let parent = withDependencies { $0.greeting = "parent" } operation: { ParentModel() }
    let greeting = await withDependencies(from: parent) {
      await Task.yield()
      return DependencyValues.current.greeting
    }
    #expect(greeting == "parent")
  }

  @Test func aParentWithoutDependenciesIsReported() {
    struct Plain { var name = "plain" }
    withExpectedIssue {
      let greeting = withDependencies(from: Plain()) { DependencyValues.current.greeting }
      #expect(greeting == "test")
    } matching: { issue in
      issue.message.contains("withDependencies(from:) has no dependencies to take from Plain")
        && issue.location.fileID == "HarnessDependenciesTests/WithDependenciesTests.swift"
    }
  }
}

@MainActor private var mainActorCounter = 0
