import HarnessDependencies
import Testing

struct WithFreshDependenciesTests {
  @Test func defaultValuesAreBuiltAnewInside() {
    let outside = DependencyValues.current.instance
    let (first, second) = withFreshDependencies {
      (DependencyValues.current.instance, DependencyValues.current.instance)
    }
    #expect(first !== outside)
    #expect(first === second)
    #expect(DependencyValues.current.instance === outside)
  }

  @Test func overridesFromOutsideStillApplyAndUpdatesAddToThem() {
    withDependencies { $0.greeting = "outside" } operation: {
      withFreshDependencies { $0.number = 10 } operation: {
        #expect(DependencyValues.current.greeting == "outside")
        #expect(DependencyValues.current.number == 10)
      }
    }
  }

  @Test func preparationsStayInside() {
    withFreshDependencies {
      prepareDependencies { $0.greeting = "prepared inside" }
      #expect(DependencyValues.current.greeting == "prepared inside")
    }
    #expect(DependencyValues.current.greeting == "test")
  }

  @Test func asyncScopes() async {
    let outside = DependencyValues.current.counter
    let first = await withFreshDependencies { $0.number = 3 } operation: {
      await Task.yield()
      #expect(DependencyValues.current.number == 3)
      return DependencyValues.current.counter.next()
    }
    #expect(first == 0)
    #expect(outside.next() == 0)
  }
}
