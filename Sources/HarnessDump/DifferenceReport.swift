/// Failure messages that show how two values differ, shared by `expectNoDifference`,
/// `expectDifference` and anything else comparing values (the TestStore).
///
///     <headline>
///
///       User(
///     −   name: "Blob"
///     +   name: "Blob, Esq."
///       )
///
///     (Expected: −, Actual: +)
package enum DifferenceReport {
  /// The legend under a diff of an expected and an actual value.
  package static let legend = "(Expected: −, Actual: +)"

  /// The legend under a diff of two arguments that could be passed in either order
  /// (`expectNoDifference`): it names them by position, so neither order misleads.
  package static let positionalLegend = "(First argument: −, Second argument: +)"

  /// The message for `expected` and `actual` that are not equal: `headline`, the diff and the
  /// legend. When their dumps are identical (a custom `==`, a NaN), it says so and shows the
  /// dump once.
  package static func message<T>(
    headline: String,
    expected: T,
    actual: T,
    legend: String = legend
  ) -> String {
    guard let difference = diff(expected, actual) else {
      return """
        \(headline)

        The values are not equal (==), but their dumps are the same:

        \(String(customDumping: actual))

        Their == compares something the dump does not show: a NaN, or a custom ==. Conform the \
        type to CustomDumpReflectable to show it.
        """
    }
    return "\(headline)\n\n\(difference)\n\n\(legend)"
  }

  /// `headline`, with the caller's message (if any) after a dash.
  static func headline(_ headline: String, message: String) -> String {
    message.isEmpty ? headline : "\(headline) — \(message)"
  }
}
