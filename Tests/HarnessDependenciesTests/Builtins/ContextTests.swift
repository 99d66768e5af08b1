import HarnessDependencies
import Testing

struct ContextTests {
  @Test func eachContextReadsAsItself() {
    for context in DependencyContext.allCases {
      withDependencies { $0.context = context } operation: {
        @Dependency(\.context) var read
        #expect(read == context)
      }
    }
  }

  @Test func describesItselfByName() {
    #expect(DependencyContext.allCases.map(\.description) == ["live", "preview", "test"])
  }
}
