/// A small, fast, deterministic random number generator (xoshiro256**, seeded with SplitMix64):
/// the same seed gives the same sequence on every run and platform. Not for cryptography.
///
/// ```swift
/// var generator = SeededRandomNumberGenerator(seed: 42)
/// let value = Int.random(in: 0..<100, using: &generator)   // the same every run
/// ```
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable, Hashable {
  private var state: (UInt64, UInt64, UInt64, UInt64)

  public init(seed: UInt64) {
    // SplitMix64 spreads any seed (0 too) over the four words xoshiro needs, never all zero.
    var splitMix = seed
    func next() -> UInt64 {
      splitMix &+= 0x9E37_79B9_7F4A_7C15
      var z = splitMix
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    state = (next(), next(), next(), next())
  }

  public mutating func next() -> UInt64 {
    let result = rotateLeft(state.1 &* 5, by: 7) &* 9
    let t = state.1 << 17
    state.2 ^= state.0
    state.3 ^= state.1
    state.1 ^= state.2
    state.0 ^= state.3
    state.2 ^= t
    state.3 = rotateLeft(state.3, by: 45)
    return result
  }

  private func rotateLeft(_ value: UInt64, by amount: UInt64) -> UInt64 {
    (value << amount) | (value >> (64 - amount))
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.state == rhs.state
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(state.0)
    hasher.combine(state.1)
    hasher.combine(state.2)
    hasher.combine(state.3)
  }
}
