import HarnessDependencies
import HarnessIssues
import HarnessTesting
import Testing

struct WithRandomNumberGeneratorTests {
  @Test func seededGeneratorsRepeatTheirSequence() {
    let first = WithRandomNumberGenerator.seeded(42)
    let second = WithRandomNumberGenerator.seeded(42)
    let rolls = (0..<10).map { _ in first { Int.random(in: 1...6, using: &$0) } }
    #expect(rolls == (0..<10).map { _ in second { Int.random(in: 1...6, using: &$0) } })
    #expect(rolls.allSatisfy { (1...6).contains($0) })
  }

  @Test func copiesShareTheSequence() {
    let generator = WithRandomNumberGenerator.seeded(1)
    let copy = generator
    let a = generator { $0.next() }
    let b = copy { $0.next() }
    var expected = SeededRandomNumberGenerator(seed: 1)
    #expect([a, b] == [expected.next(), expected.next()])
  }

  @Test func concurrentUseDrawsEachNumberOnce() async {
    let generator = WithRandomNumberGenerator.seeded(7)
    let drawn = await withTaskGroup(of: [UInt64].self) { group in
      for _ in 0..<8 {
        group.addTask { (0..<500).map { _ in generator { $0.next() } } }
      }
      var all: [UInt64] = []
      for await part in group { all += part }
      return all
    }
    var expected = SeededRandomNumberGenerator(seed: 7)
    #expect(Set(drawn) == Set((0..<4_000).map { _ in expected.next() }))
  }

  @Test func liveValueIsTheSystemGenerator() {
    withDependencies { $0.context = .live } operation: {
      @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
      let values = (0..<4).map { _ in withRandomNumberGenerator { $0.next() } }
      #expect(Set(values).count == 4)
    }
  }

  @Test func testValueReportsEachUse() {
    @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
    withExpectedIssue {
      _ = withRandomNumberGenerator { Int.random(in: 0..<10, using: &$0) }
    } matching: { issue in
      issue.message.contains("@Dependency(\\.withRandomNumberGenerator) is unimplemented in tests")
        && issue.message.contains(".dependency(\\.withRandomNumberGenerator, .seeded(0))")
    }
  }

  @Test(.dependency(\.withRandomNumberGenerator, .seeded(3)))
  func overriddenInATest() {
    @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
    var expected = SeededRandomNumberGenerator(seed: 3)
    #expect(withRandomNumberGenerator { $0.next() } == expected.next())
  }
}
