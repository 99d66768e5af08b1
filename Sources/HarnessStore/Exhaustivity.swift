/// How strictly a ``TestStore`` checks a test.
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change must be asserted, every received action received, every effect
  /// finished by the end of the test. The default.
  case on
  /// Only what the test asserts is checked: state assertions compare only the fields they
  /// change, unreceived actions and running effects at the end are allowed. With
  /// `showSkippedAssertions`, what was skipped is shown as a warning.
  case off(showSkippedAssertions: Bool)

  /// Non-exhaustive, silently.
  public static let off = Self.off(showSkippedAssertions: false)
}
