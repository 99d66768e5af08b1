import Foundation
import HarnessDependencies
import HarnessIssues
import Synchronization
import Testing

struct DependencyValuesTests {
  @Test func setAndGetThroughTheKeySubscript() {
    var values = DependencyValues.current
    values[GreetingKey.self] = "set"
    #expect(values[GreetingKey.self] == "set")
    #expect(values.greeting == "set")
  }

  @Test func copiesAreIndependent() {
    var first = DependencyValues.current
    first.number = 10
    var second = first
    second.number = 20
    #expect(first.number == 10)
    #expect(second.number == 20)
  }

  @Test func settingTheSameDependencyAgainReplacesIt() {
    var values = DependencyValues()
    values.number = 10
    values.number = 11
    #expect(values.number == 11)
  }

  @Test func currentIsTheInnermostScope() {
    withDependencies { $0.number = 10 } operation: {
      #expect(DependencyValues.current.number == 10)
      withDependencies { $0.number = 11 } operation: {
        #expect(DependencyValues.current.number == 11)
      }
      #expect(DependencyValues.current.number == 10)
    }
    #expect(DependencyValues.current.number == 2)
  }

  @Test func freshValuesHaveNoOverrides() {
    withDependencies { $0.number = 10 } operation: {
      #expect(DependencyValues().number == 2)
    }
  }

  @Test func freshValuesBuildTheirDefaultsAfresh() {
    let cached = DependencyValues.current.instance
    withDependencies { $0 = DependencyValues() } operation: {
      let fresh = DependencyValues.current.instance
      #expect(fresh !== cached)
      #expect(DependencyValues.current.instance === fresh)
      #expect(DependencyValues.current.counter.next() == 0)
    }
    #expect(DependencyValues.current.instance === cached)
  }

  @Test func aThousandConcurrentFirstReadsInFreshValuesBuildOnce() async {
    for iteration in 0..<1_000 {
      let builds = await withDependencies { $0 = DependencyValues() } operation: {
        let before = OnceBuiltKey.builds.load(ordering: .relaxed)
        let instances = await withTaskGroup(of: Instance.self) { group in
          for _ in 0..<1_000 {
            group.addTask { DependencyValues.current[OnceBuiltKey.self] }
          }
          var instances: [Instance] = []
          for await instance in group { instances.append(instance) }
          return instances
        }
        #expect(instances.allSatisfy { $0 === instances[0] }, "iteration \(iteration)")
        return OnceBuiltKey.builds.load(ordering: .relaxed) - before
      }
      #expect(builds == 1, "iteration \(iteration)")
      if builds != 1 { break }
    }
  }

  @Test func defaultValuesAreBuiltOncePerTest() {
    let first = DependencyValues.current.instance
    let second = DependencyValues.current.instance
    @Dependency(\.instance) var third
    #expect(first === second)
    #expect(first === third)
  }

  @Test func theContextDecidesWhichDefaultsAreUsed() {
    #expect(DependencyValues.current.context == .test)
    var values = DependencyValues.current
    values.context = .live
    #expect(values.instance.context == "live")
    #expect(DependencyValues.current.instance.context == "test")
  }
}

/// Counts its builds; read by one test only.
enum OnceBuiltKey: TestDependencyKey {
  static let builds = Atomic(0)
  static var testValue: Instance {
    builds.add(1, ordering: .relaxed)
    // Widen the window in which racing first readers can meet.
    for _ in 0..<50 { _ = builds.load(ordering: .relaxed) }
    return Instance("built")
  }
}
