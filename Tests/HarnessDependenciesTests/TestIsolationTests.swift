import Foundation
import HarnessDependencies
import HarnessIssues
import HarnessTesting
import Testing

/// Swift Testing runs these cases in parallel: every case must see only its own dependencies.
struct TestIsolationTests {
  static let cases = Array(0..<250)

  /// Each case overrides `uuid` with a stateful generator through the trait, then checks that its
  /// sequence starts at 0 and has no gaps: another case drawing from it would leave one.
  @Test(.dependency(\.uuid, .incrementing), arguments: cases)
  func overriddenStatefulDependenciesAreNotShared(_ index: Int) async {
    @Dependency(\.uuid) var uuid
    var seen: [UUID] = []
    for _ in 0..<20 {
      seen.append(uuid())
      await Task.yield()
    }
    #expect(seen == (0..<20).map { UUID(UInt64($0)) })
  }

  /// The same through `withDependencies`, with a model holding the dependency.
  @Test(arguments: cases)
  func scopedStatefulDependenciesAreNotShared(_ index: Int) async {
    let model = withDependencies {
      $0.uuid = .incrementing
      $0.number = index
    } operation: {
      Model()
    }
    var seen: [UUID] = []
    for _ in 0..<20 {
      seen.append(model.uuid())
      await Task.yield()
    }
    #expect(seen == (0..<20).map { UUID(UInt64($0)) })
    #expect(model.number == index)
  }

  /// Without any trait or scope: cached default values are per test case.
  @Test(arguments: cases)
  func cachedDefaultValuesAreNotShared(_ index: Int) async {
    @Dependency(\.counter) var counter
    var seen: [Int] = []
    for _ in 0..<20 {
      seen.append(counter.next())
      await Task.yield()
    }
    #expect(seen == Array(0..<20))
  }

  /// Preparations are per test case too.
  @Test(arguments: cases)
  func preparedValuesAreNotShared(_ index: Int) async {
    prepareDependencies { $0.number = index }
    await Task.yield()
    #expect(DependencyValues.current.number == index)
  }

  /// Arguments that print identically (class instances with the same description) still make
  /// distinct cases: each has its own cached default values.
  @Test(arguments: (0..<100).map { _ in Anonymous() })
  func casesWhoseArgumentsPrintAlikeAreNotShared(_ argument: Anonymous) async {
    @Dependency(\.counter) var counter
    var seen: [Int] = []
    for _ in 0..<20 {
      seen.append(counter.next())
      await Task.yield()
    }
    #expect(seen == Array(0..<20))
    #expect(TestIsolationTests.caseIDs.withLock { $0.insert(TestContext.current?.id ?? "none").inserted })
  }

  static let caseIDs = Locked<Set<String>>([])
}

/// An argument whose every instance prints the same.
final class Anonymous: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
  var description: String { "Anonymous" }
  var debugDescription: String { "Anonymous" }
}
