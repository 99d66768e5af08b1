import HarnessDependencies
import Testing

struct SeededRandomNumberGeneratorTests {
  @Test func theSameSeedGivesTheSameSequence() {
    var first = SeededRandomNumberGenerator(seed: 99)
    var second = SeededRandomNumberGenerator(seed: 99)
    #expect((0..<100).map { _ in first.next() } == (0..<100).map { _ in second.next() })
    #expect(first == second)
  }

  @Test func differentSeedsGiveDifferentSequences() {
    var first = SeededRandomNumberGenerator(seed: 1)
    var second = SeededRandomNumberGenerator(seed: 2)
    #expect((0..<10).map { _ in first.next() } != (0..<10).map { _ in second.next() })
  }

  @Test func theSequenceIsFixedAcrossRunsAndPlatforms() {
    // xoshiro256** seeded by SplitMix64(0): the reference values of both algorithms.
    var generator = SeededRandomNumberGenerator(seed: 0)
    #expect(generator.next() == 0x99EC_5F36_CB75_F2B4)
    #expect(generator.next() == 0xBF6E_1F78_4956_452A)
  }

  @Test func seedZeroIsNotDegenerate() {
    var generator = SeededRandomNumberGenerator(seed: 0)
    let values = (0..<100).map { _ in generator.next() }
    #expect(Set(values).count == 100)
  }

  @Test func spreadsValuesOverARange() {
    var generator = SeededRandomNumberGenerator(seed: 5)
    var counts = [Int](repeating: 0, count: 10)
    for _ in 0..<10_000 { counts[Int.random(in: 0..<10, using: &generator)] += 1 }
    #expect(counts.allSatisfy { (800...1_200).contains($0) })
  }
}
