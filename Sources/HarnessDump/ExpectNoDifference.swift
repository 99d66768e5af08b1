import HarnessIssues

/// Expects two values to be equal; when they are not, reports an issue showing how they differ.
///
/// ```swift
/// struct User: Equatable { var id: Int; var name: String }
/// let user = User(id: 42, name: "Blob")
/// expectNoDifference(user, User(id: 42, name: "Blob, Esq."))
/// ```
/// ```text
/// expectNoDifference failed: the values differ
///
///   User(
///     id: 42,
/// −   name: "Blob"
/// +   name: "Blob, Esq."
///   )
///
/// (First argument: −, Second argument: +)
/// ```
///
/// Pass the two values in either order: the diff shows the first argument's lines with `−`
/// and the second's with `+`, and the legend says so (swift-custom-dump's documentation passes
/// the actual value first).
///
/// The issue is reported with `reportIssue`, so it fails the running test (Swift Testing or
/// XCTest) at the caller's line. An error thrown by either expression is reported as well.
///
/// - Parameters:
///   - first: One value; its lines start with `−` in the diff.
///   - second: The other value; its lines start with `+`.
///   - message: Shown after the headline.
public func expectNoDifference<T: Equatable>(
  _ first: @autoclosure () throws -> T,
  _ second: @autoclosure () throws -> T,
  _ message: @autoclosure () -> String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  do {
    let first = try first()
    let second = try second()
    guard first != second else { return }
    let headline = DifferenceReport.headline(
      "expectNoDifference failed: the values differ",
      message: message()
    )
    reportIssue(
      DifferenceReport.message(
        headline: headline,
        expected: first,
        actual: second,
        legend: DifferenceReport.positionalLegend
      ),
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  } catch {
    reportIssue(error, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
