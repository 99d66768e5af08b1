import HarnessIssues

extension DependencyValues {
  /// A random number generator, to pass to `Int.random(in:using:)`, `shuffled(using:)` and the like.
  ///
  /// - live value: the system's generator (`SystemRandomNumberGenerator`)
  /// - test value: unimplemented — each use reports an issue naming
  ///   `@Dependency(\.withRandomNumberGenerator)` and draws from a generator seeded with 0;
  ///   override it with ``WithRandomNumberGenerator/seeded(_:)``
  /// - preview value: the live value
  ///
  /// ```swift
  /// func rollDie() -> Int {
  ///   @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
  ///   return withRandomNumberGenerator { Int.random(in: 1...6, using: &$0) }
  /// }
  ///
  /// // In a test, the same rolls every run:
  /// @Test(.dependency(\.withRandomNumberGenerator, .seeded(42)))
  /// func rolls() {
  ///   #expect((1...6).contains(rollDie()))
  /// }
  /// ```
  public var withRandomNumberGenerator: WithRandomNumberGenerator {
    get { self[WithRandomNumberGeneratorKey.self] }
    set { self[WithRandomNumberGeneratorKey.self] = newValue }
  }
}

/// Gives exclusive access to one random number generator: `withRandomNumberGenerator { $0.next() }`.
///
/// Copies share the generator, so a sequence continues wherever the dependency is used.
public struct WithRandomNumberGenerator: Sendable {
  private let generator: Shared
  private let unimplemented: UnimplementedBuiltin?
  /// The generator as it was given, to start over from (a value type restarts its sequence).
  private let initial: any RandomNumberGenerator & Sendable

  /// Draws from `generator`.
  public init(_ generator: some RandomNumberGenerator & Sendable) {
    self.generator = Shared(generator)
    self.unimplemented = nil
    self.initial = generator
  }

  private init(unimplemented: UnimplementedBuiltin) {
    self.generator = Shared(SeededRandomNumberGenerator(seed: 0))
    self.unimplemented = unimplemented
    self.initial = SeededRandomNumberGenerator(seed: 0)
  }

  /// This dependency drawing from its generator as it was given, for runs that must draw the
  /// same numbers as an earlier one (explored interleavings, replays).
  var restarted: WithRandomNumberGenerator {
    if let unimplemented { return WithRandomNumberGenerator(unimplemented: unimplemented) }
    return WithRandomNumberGenerator(initial)
  }

  /// Runs `work` with the generator. Calls are serialized; do not read this dependency again
  /// inside `work`.
  public func callAsFunction<R>(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ work: (inout any RandomNumberGenerator) throws -> R
  ) rethrows -> R {
    unimplemented?.report(fileID, filePath, line, column)
    return try generator.withGenerator(work)
  }

  /// The system's cryptographically secure generator.
  public static var system: WithRandomNumberGenerator {
    WithRandomNumberGenerator(SystemRandomNumberGenerator())
  }

  /// A deterministic generator: the same `seed` gives the same numbers on every run and platform.
  public static func seeded(_ seed: UInt64) -> WithRandomNumberGenerator {
    WithRandomNumberGenerator(SeededRandomNumberGenerator(seed: seed))
  }

  static var unimplemented: WithRandomNumberGenerator {
    WithRandomNumberGenerator(
      unimplemented: UnimplementedBuiltin(property: "withRandomNumberGenerator", example: ".seeded(0)")
    )
  }

  private final class Shared: Sendable {
    private let generator: Locked<any RandomNumberGenerator>

    init(_ generator: some RandomNumberGenerator & Sendable) { self.generator = Locked(generator) }

    func withGenerator<R>(_ work: (inout any RandomNumberGenerator) throws -> R) rethrows -> R {
      try generator.withLock(work)
    }
  }
}

private enum WithRandomNumberGeneratorKey: DependencyKey {
  static var liveValue: WithRandomNumberGenerator { .system }
  static var testValue: WithRandomNumberGenerator { .unimplemented }
}

extension DependencyValues {
  /// Restarts an overridden random number generator from its first state.
  mutating func restartRandomNumberGenerator() {
    guard
      let node = override(for: ObjectIdentifier(WithRandomNumberGeneratorKey.self))
        as? TypedOverrideNode<WithRandomNumberGenerator>
    else { return }
    withRandomNumberGenerator = node.value.restarted
  }
}
