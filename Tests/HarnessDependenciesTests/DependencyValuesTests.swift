import Foundation
import HarnessDependencies
import HarnessIssues
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
