import HarnessIssues

/// Expects two values to be equal; when they are not, reports an issue showing how they differ.
///
/// ```swift
/// expectNoDifference(User(id: 42, name: "Blob, Esq."), user)
/// ```
/// ```text
/// expectNoDifference failed: the values differ
///
///   User(
///     id: 42,
/// −   name: "Blob, Esq."
/// +   name: "Blob"
///   )
///
/// (Expected: −, Actual: +)
/// ```
///
/// The issue is reported with `reportIssue`, so it fails the running test (Swift Testing or
/// XCTest) at the caller's line. An error thrown by either expression is reported as well.
///
/// - Parameters:
///   - expected: The value you expect.
///   - actual: The value you got.
///   - message: Shown after the headline.
public func expectNoDifference<T: Equatable>(
  _ expected: @autoclosure () throws -> T,
  _ actual: @autoclosure () throws -> T,
  _ message: @autoclosure () -> String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  do {
    let expected = try expected()
    let actual = try actual()
    guard expected != actual else { return }
    let headline = DifferenceReport.headline(
      "expectNoDifference failed: the values differ",
      message: message()
    )
    reportIssue(
      DifferenceReport.message(headline: headline, expected: expected, actual: actual),
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  } catch {
    reportIssue(error, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
