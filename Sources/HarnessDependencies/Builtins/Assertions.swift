import HarnessIssues

extension DependencyValues {
  /// Checks an internal invariant, like Swift's `assert`.
  ///
  /// - live value: Swift's `assert` (stops a debug build; nothing in an optimized build)
  /// - test value: reports a failed assertion as an issue, which fails the test instead of
  ///   crashing the test process
  /// - preview value: the live value
  ///
  /// ```swift
  /// func withdraw(_ amount: Int, from balance: Int) -> Int {
  ///   @Dependency(\.assert) var assert
  ///   assert(amount <= balance, "balance went negative")
  ///   return balance - amount
  /// }
  /// ```
  public var assert: AssertionEffect {
    get { self[AssertKey.self] }
    set { self[AssertKey.self] = newValue }
  }

  /// Checks a precondition, like Swift's `precondition`.
  ///
  /// - live value: Swift's `precondition` (stops the program, in optimized builds too)
  /// - test value: reports a failed precondition as an issue, which fails the test instead of
  ///   crashing the test process
  /// - preview value: the live value
  public var precondition: AssertionEffect {
    get { self[PreconditionKey.self] }
    set { self[PreconditionKey.self] = newValue }
  }

  /// Says an invariant was broken, like Swift's `assertionFailure`: a failed ``assert``, so it
  /// follows whatever `assert` is (an issue in tests).
  ///
  /// ```swift
  /// enum Phase { case idle, loading, loaded }
  ///
  /// func title(of phase: Phase) -> String {
  ///   @Dependency(\.assertionFailure) var assertionFailure
  ///   switch phase {
  ///   case .idle: return "Idle"
  ///   case .loaded: return "Done"
  ///   default:
  ///     assertionFailure("unexpected phase \(phase)")
  ///     return ""
  ///   }
  /// }
  /// ```
  public var assertionFailure: AssertionFailureEffect {
    AssertionFailureEffect(assert: assert)
  }
}

/// Reports a broken invariant: `assertionFailure("message")`.
public struct AssertionFailureEffect: Sendable {
  private let assert: AssertionEffect

  /// Fails through `assert`.
  public init(assert: AssertionEffect) {
    self.assert = assert
  }

  /// Says the invariant was broken.
  public func callAsFunction(
    _ message: @autoclosure () -> String = "",
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    assert(false, message(), fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// Checks a condition: `assert(condition, "message")`.
public struct AssertionEffect: Sendable {
  /// Receives the condition and message unevaluated, and the caller's location.
  public typealias Check = @Sendable (
    _ condition: () -> Bool,
    _ message: () -> String,
    _ fileID: StaticString,
    _ filePath: StaticString,
    _ line: UInt,
    _ column: UInt
  ) -> Void

  private let check: Check

  /// An assertion that hands each check to `check`.
  public init(_ check: @escaping Check) {
    self.check = check
  }

  /// Checks that `condition` holds.
  public func callAsFunction(
    _ condition: @autoclosure () -> Bool,
    _ message: @autoclosure () -> String = "",
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    check(condition, message, fileID, filePath, line, column)
  }

  /// Swift's `assert`.
  public static let swiftAssert = AssertionEffect { condition, message, _, filePath, line, _ in
    Swift.assert(condition(), message(), file: filePath, line: line)
  }

  /// Swift's `precondition`.
  public static let swiftPrecondition = AssertionEffect { condition, message, _, filePath, line, _ in
    Swift.precondition(condition(), message(), file: filePath, line: line)
  }

  /// Reports a failed check as an issue at the caller, and goes on.
  public static let reportIssue = AssertionEffect { condition, message, fileID, filePath, line, column in
    guard !condition() else { return }
    let text = message()
    HarnessIssues.reportIssue(
      text.isEmpty ? "Assertion failed" : "Assertion failed: \(text)",
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }
}

private enum AssertKey: DependencyKey {
  static let liveValue = AssertionEffect.swiftAssert
  static let testValue = AssertionEffect.reportIssue
}

private enum PreconditionKey: DependencyKey {
  static let liveValue = AssertionEffect.swiftPrecondition
  static let testValue = AssertionEffect.reportIssue
}
