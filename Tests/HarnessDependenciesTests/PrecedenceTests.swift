import Foundation
import HarnessDependencies
import HarnessIssues
import HarnessTesting
import Testing
import XCTest

// Which override wins: swift-dependencies' precedence scenarios (DependencyTests,
// ResolutionTests, InvokeTestTests), under Harness's names. Never a silent loss.

struct PrecedenceTests {
  @Test func overridesReachChildGrandchildAndGreatGrandchildModels() {
    let model = withDependencies { $0.number = 1729 } operation: {
      withDependencies { $0.greeting = "howdy" } operation: { FamilyModel() }
    }
    expectFamily(model, number: 1729, greeting: "howdy")

    let child = model.child()
    expectFamily(child, number: 1729, greeting: "howdy")
    let grandchild = child.child()
    expectFamily(grandchild, number: 1729, greeting: "howdy")

    // The scope current at the call wins over the parent's values for the keys it overrides.
    let greatGrandchild = withDependencies {
      $0.number = 9000
      $0.greeting = "cool"
    } operation: {
      grandchild.child()
    }
    expectFamily(greatGrandchild, number: 9000, greeting: "cool")
  }

  @Test func overridesReachChildGrandchildAndGreatGrandchildModelsAsync() async {
    let model = await withDependencies {
      await Task.yield()
      $0.number = 1729
    } operation: {
      await withDependencies {
        await Task.yield()
        $0.greeting = "howdy"
      } operation: { () -> FamilyModel in
        await Task.yield()
        return FamilyModel()
      }
    }
    await expectFamilyAsync(model, number: 1729, greeting: "howdy")
    let child = await model.childAsync()
    await expectFamilyAsync(child, number: 1729, greeting: "howdy")
    let grandchild = await child.childAsync()
    await expectFamilyAsync(grandchild, number: 1729, greeting: "howdy")
    let greatGrandchild = await withDependencies {
      await Task.yield()
      $0.number = 9000
      $0.greeting = "cool"
    } operation: {
      await grandchild.childAsync()
    }
    await expectFamilyAsync(greatGrandchild, number: 9000, greeting: "cool")
  }

  @Test func childrenMadeInTurnInsideDifferentOverridesKeepTheirOwn() {
    withDependencies { $0.context = .live } operation: {
      let parent = withDependencies { $0.greeting = "first" } operation: { FamilyModel() }
      let child1 = withDependencies { $0.greeting = "second" } operation: { parent.child() }
      let child2 = withDependencies { $0.greeting = "third" } operation: { parent.child() }
      #expect(parent.greeting == "first")
      #expect(child1.greeting == "second")
      #expect(child2.greeting == "third")
    }
  }

  @Test func childrenMadeInTurnInsideDifferentDateOverridesSeeTheirOwnDates() {
    withDependencies { $0.context = .live } operation: {
      @Dependency(\.date) var date
      _ = date.now
      let parent = withDependencies {
        $0.date = .constant(Date(timeIntervalSince1970: 1))
      } operation: {
        DatedParentModel()
      }
      withDependencies { $0.date = .constant(Date(timeIntervalSince1970: 2)) } operation: {
        parent.goToChild1()
      }
      withDependencies { $0.date = .constant(Date(timeIntervalSince1970: 3)) } operation: {
        parent.goToChild2()
      }
      #expect(parent.date.now.timeIntervalSince1970 == 1)
      #expect(parent.child1?.date.now.timeIntervalSince1970 == 2)
      #expect(parent.child2?.date.now.timeIntervalSince1970 == 3)
    }
  }

  @Test func theUpdateWinsOverTheCallSiteAndTheParent() {
    let parent = withDependencies { $0.greeting = "parent" } operation: { ParentModel() }
    let child = withDependencies {
      $0.greeting = "call site"
      $0.number = 10
    } operation: {
      withDependencies(from: parent) { $0.number = 11 } operation: { Model() }
    }
    #expect(child.greeting == "call site")
    #expect(child.number == 11)
  }

  @Test func theParentsValuesWinOverThoseOfAScopeEnclosingBoth() {
    withDependencies { $0.greeting = "enclosing" } operation: {
      let parent = withDependencies { $0.greeting = "parent" } operation: { ParentModel() }
      // The enclosing scope set its greeting before the parent was made: the parent's own wins.
      #expect(parent.makeChild().greeting == "parent")
      #expect(parent.greeting == "parent")
    }
  }

  @Test func aModelsCapturedOverrideReachesADependencyBuiltFromAnother() {
    let model = withDependencies { $0.leaf = Leaf { 1 } } operation: { BranchModel() }
    #expect(model.branch.value() == 1)
    #expect(model.leaf.value() == 1)
    // The scope current at the read still wins for what it overrides.
    withDependencies { $0.leaf = Leaf { 42 } } operation: {
      #expect(model.branch.value() == 42)
      #expect(model.leaf.value() == 42)
    }
  }

  @Test func anEagerDependencyBuiltFromAnotherSeesTheModelsOverride() {
    let model = withDependencies { $0.leaf = Leaf { 7 } } operation: { BranchModel() }
    #expect(model.eagerBranch.value == 7)
  }

  @Test func aLazyDependencyReadsTheOverrideCurrentAtTheCall() {
    @Dependency(\.branch) var branch
    #expect(branch.value() == 1729)
    withDependencies { $0.leaf = Leaf { 42 } } operation: {
      #expect(branch.value() == 42)
    }
    withDependencies { $0.branch = Branch { 5 } } operation: {
      #expect(branch.value() == 5)
    }
  }

  @Test(.dependency(\.greeting, "trait"))
  func aTraitNeverBeatsAnOverrideCapturedLaterInsideIt() {
    let model = withDependencies { $0.greeting = "model" } operation: { ParentModel() }
    #expect(model.greeting == "model")
    #expect(model.makeChild().greeting == "model")
    #expect(DependencyValues.current.greeting == "trait")
  }

  @Test(.dependency(\.greeting, "trait"))
  func aTraitNeverBeatsAnOverrideCapturedLaterInsideItAsync() async {
    let model = await withDependencies { $0.greeting = "model" } operation: {
      await Task.yield()
      return ParentModel()
    }
    await Task.yield()
    #expect(model.greeting == "model")
    let child = await withDependencies(from: model) {
      await Task.yield()
      return Model()
    }
    #expect(child.greeting == "model")
  }

  @Test func aParentWithoutDependencyPropertiesIsReportedOnceAndTheChildGetsCurrentValues() {
    final class Plain {}
    let collector = IssueCollector()
    let child = withIssueReporters([collector]) {
      withDependencies { $0.greeting = "current" } operation: {
        withDependencies(from: Plain()) { Model() }
      }
    }
    #expect(collector.issues.count == 1)
    #expect(
      collector.issues.first?.message.contains(
        "withDependencies(from:) has no dependencies to take from Plain") == true)
    // The child reads what is current, with no further issue.
    withIssueReporters([collector]) {
      #expect(child.greeting == "current")
      #expect(child.number == 2)
    }
    #expect(collector.issues.count == 1)
  }

  @Test func aParentWithoutDependencyPropertiesMadeInsideWithDependenciesPassesItsValuesOn() {
    let parent = withDependencies {
      $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
    } operation: {
      PlainParent()
    }
    let collector = IssueCollector()
    let now = withIssueReporters([collector]) { parent.child().date.now }
    #expect(now == Date(timeIntervalSince1970: 1_234_567_890))
    #expect(collector.issues.isEmpty)
  }

  @Test func aParentWithoutDependencyPropertiesMadeInsideWithDependenciesPassesItsValuesOnAsync()
    async
  {
    let parent = await withDependencies {
      $0.date.now = Date(timeIntervalSince1970: 7)
    } operation: {
      await Task.yield()
      return PlainParent()
    }
    #expect(parent.child().date.now == Date(timeIntervalSince1970: 7))
  }

  @Test func anObjectMadeByWithDependenciesFromPassesItsValuesOn() {
    let parent = withDependencies { $0.greeting = "parent" } operation: { ParentModel() }
    let holder = withDependencies(from: parent) { $0.number = 5 } operation: { Holder() }
    let grandchild = withDependencies(from: holder) { Model() }
    #expect(grandchild.greeting == "parent")
    #expect(grandchild.number == 5)
  }
}

final class PrecedenceXCTests: XCTestCase {
  override func invokeTest() {
    withDependencies { $0.greeting = "invokeTest" } operation: {
      super.invokeTest()
    }
  }

  func testInvokeTestNeverBeatsAnOverrideCapturedLaterInsideIt() {
    let model = withDependencies { $0.greeting = "model" } operation: { ParentModel() }
    XCTAssertEqual(model.greeting, "model")
    XCTAssertEqual(model.makeChild().greeting, "model")
    XCTAssertEqual(DependencyValues.current.greeting, "invokeTest")
  }

  func testOverridesReachChildModelsAsync() async {
    let model = await withDependencies { $0.number = 1729 } operation: {
      await Task.yield()
      return FamilyModel()
    }
    let child = await model.childAsync()
    XCTAssertEqual(child.number, 1729)
    XCTAssertEqual(child.greeting, "invokeTest")
    let grandchild = await withDependencies { $0.number = 9000 } operation: {
      await child.childAsync()
    }
    XCTAssertEqual(grandchild.number, 9000)
  }

  func testAParentWithoutDependenciesIsReportedOnce() {
    withExpectedIssue {
      withDependencies(from: self) {}
    } matching: { issue in
      issue.message.contains(
        "withDependencies(from:) has no dependencies to take from PrecedenceXCTests")
        && issue.message.contains("give PrecedenceXCTests a @Dependency property")
    }
  }

  func testOverridesReachChildModels() {
    let model = withDependencies { $0.number = 1729 } operation: { FamilyModel() }
    let grandchild = withDependencies { $0.greeting = "call site" } operation: {
      model.child().child()
    }
    XCTAssertEqual(grandchild.number, 1729)
    XCTAssertEqual(grandchild.greeting, "call site")
  }
}

// MARK: - Fixtures

private final class FamilyModel: @unchecked Sendable {
  @Dependency(\.number) var number
  @Dependency(\.greeting) var greeting

  func child() -> FamilyModel {
    withDependencies(from: self) { FamilyModel() }
  }

  func childAsync() async -> FamilyModel {
    await withDependencies(from: self) {
      await Task.yield()
      return FamilyModel()
    }
  }
}

private final class DatedParentModel: @unchecked Sendable {
  @Dependency(\.date) var date
  var child1: DatedChildModel?
  var child2: DatedChildModel?
  func goToChild1() { child1 = withDependencies(from: self) { DatedChildModel() } }
  func goToChild2() { child2 = withDependencies(from: self) { DatedChildModel() } }
}

private final class DatedChildModel: @unchecked Sendable {
  @Dependency(\.date) var date
}

/// A parent without `@Dependency` properties (swift-dependencies' scenario).
private final class PlainParent: @unchecked Sendable {
  func child() -> DatedChildModel {
    withDependencies(from: self) { DatedChildModel() }
  }
}

/// An object without `@Dependency` properties, made by `withDependencies(from:)`.
private final class Holder {}

private func expectFamily(
  _ model: FamilyModel, number: Int, greeting: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(model.number == number, sourceLocation: sourceLocation)
  #expect(model.greeting == greeting, sourceLocation: sourceLocation)
  withDependencies {
    $0.number = 0
    $0.greeting = "cya"
  } operation: {
    #expect(model.number == 0, sourceLocation: sourceLocation)
    #expect(model.greeting == "cya", sourceLocation: sourceLocation)
  }
  #expect(model.number == number, sourceLocation: sourceLocation)
  #expect(model.greeting == greeting, sourceLocation: sourceLocation)
}

private func expectFamilyAsync(
  _ model: FamilyModel, number: Int, greeting: String,
  sourceLocation: SourceLocation = #_sourceLocation
) async {
  await withDependencies {
    await Task.yield()
    $0.number = 0
    $0.greeting = "cya"
  } operation: {
    await Task.yield()
    #expect(model.number == 0, sourceLocation: sourceLocation)
    #expect(model.greeting == "cya", sourceLocation: sourceLocation)
  }
  #expect(model.number == number, sourceLocation: sourceLocation)
  #expect(model.greeting == greeting, sourceLocation: sourceLocation)
}

/// A dependency that other dependencies are built from.
struct Leaf: Sendable {
  var value: @Sendable () -> Int
}

enum LeafKey: TestDependencyKey {
  static let testValue = Leaf { 1729 }
}

/// Reads `leaf` lazily, when called, through a `@Dependency` made while it is built.
struct Branch: Sendable {
  var value: @Sendable () -> Int
}

enum BranchKey: TestDependencyKey {
  static var testValue: Branch {
    @Dependency(\.leaf) var leaf
    return Branch { leaf.value() }
  }
}

/// Reads `leaf` while it is built.
struct EagerBranch: Sendable {
  var value: Int
}

enum EagerBranchKey: TestDependencyKey {
  static var testValue: EagerBranch {
    @Dependency(\.leaf) var leaf
    return EagerBranch(value: leaf.value())
  }
}

extension DependencyValues {
  var leaf: Leaf {
    get { self[LeafKey.self] }
    set { self[LeafKey.self] = newValue }
  }
  var branch: Branch {
    get { self[BranchKey.self] }
    set { self[BranchKey.self] = newValue }
  }
  var eagerBranch: EagerBranch {
    get { self[EagerBranchKey.self] }
    set { self[EagerBranchKey.self] = newValue }
  }
}

private final class BranchModel: @unchecked Sendable {
  @Dependency(\.branch) var branch
  @Dependency(\.eagerBranch) var eagerBranch
  @Dependency(\.leaf) var leaf
}
