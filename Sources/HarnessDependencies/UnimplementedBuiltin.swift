import HarnessIssues

/// The test value of a built-in dependency that a test must choose (a UUID, the date, random
/// numbers): each use reports an issue at the caller, naming the dependency and how to
/// override it, then goes on with a placeholder.
struct UnimplementedBuiltin: Sendable {
  /// The `DependencyValues` property, e.g. `uuid`.
  let property: String
  /// A typical override, e.g. `.incrementing`.
  let example: String

  func report(
    _ fileID: StaticString,
    _ filePath: StaticString,
    _ line: UInt,
    _ column: UInt
  ) {
    reportIssue(
      """
      @Dependency(\\.\(property)) is unimplemented in tests: this test used it without saying \
      what it should give.

      Override it for the test: withDependencies { $0.\(property) = \(example) } operation: { … }, \
      or the test trait @Test(.dependency(\\.\(property), \(example))).
      """,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }
}

/// What the generator built-ins (`uuid`, `date`) hold: a closure making each value, and, for
/// their test values, the report each use makes first.
struct BuiltinGenerator<Value>: Sendable {
  private let generate: @Sendable () -> Value
  private let unimplemented: UnimplementedBuiltin?

  init(_ generate: @escaping @Sendable () -> Value) {
    self.generate = generate
    self.unimplemented = nil
  }

  /// Reports each use, then makes a value with `placeholder`.
  init(unimplemented: UnimplementedBuiltin, placeholder: @escaping @Sendable () -> Value) {
    self.generate = placeholder
    self.unimplemented = unimplemented
  }

  /// Whether each use reports.
  var isUnimplemented: Bool { unimplemented != nil }

  /// The same values, with no report.
  var silenced: BuiltinGenerator { BuiltinGenerator(generate) }

  func next(
    _ fileID: StaticString,
    _ filePath: StaticString,
    _ line: UInt,
    _ column: UInt
  ) -> Value {
    unimplemented?.report(fileID, filePath, line, column)
    return generate()
  }
}
