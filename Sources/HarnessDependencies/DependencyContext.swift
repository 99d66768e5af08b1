import HarnessIssues

#if canImport(Foundation)
  import Foundation
#endif

/// Which default values dependencies have: the live ones, the test ones or the preview ones.
///
/// Read it with `@Dependency(\.context)`; override it for a scope with
/// `withDependencies { $0.context = .preview } operation: { … }`.
///
/// The process's context is, in this order:
/// 1. the environment variable `HARNESS_DEPENDENCY_CONTEXT` (`live`, `preview` or `test`), when
///    set (another value is reported as an issue, then ignored);
/// 2. ``test`` in a test process (see `isTesting`);
/// 3. ``live``.
public enum DependencyContext: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// A running app: keys' `liveValue`.
  case live
  /// A preview (SwiftUI previews, demo builds): keys' `previewValue`.
  case preview
  /// A test: keys' `testValue`, cached once per test.
  case test

  public var description: String { rawValue }

  /// The name of the environment variable that forces the process's context.
  public static let environmentVariable = "HARNESS_DEPENDENCY_CONTEXT"

  /// The context of this process, worked out once.
  static let detected: DependencyContext = {
    #if canImport(Foundation)
      let environment = ProcessInfo.processInfo.environment
    #else
      let environment: [String: String] = [:]
    #endif
    let (context, problem) = detect(environment: environment, isTesting: isTesting)
    if let problem { reportIssue(problem) }
    return context
  }()

  /// The context that `environment` and `isTesting` call for, and what is wrong with the
  /// environment variable, if anything.
  package static func detect(
    environment: [String: String],
    isTesting: Bool
  ) -> (context: DependencyContext, problem: String?) {
    let fallback: DependencyContext = isTesting ? .test : .live
    guard let value = environment[environmentVariable] else { return (fallback, nil) }
    let trimmed = value.trimmingCharacters(in: .whitespaces).lowercased()
    if let context = DependencyContext(rawValue: trimmed) { return (context, nil) }
    let allowed = allCases.map { "\"\($0)\"" }.joined(separator: ", ")
    return (
      fallback,
      """
      \(environmentVariable) is set to "\(value)", which is not a dependency context. \
      Allowed values: \(allowed). Using "\(fallback)" (\(isTesting ? "this is a test process" : "the default")) \
      instead; fix or unset the variable.
      """
    )
  }
}
