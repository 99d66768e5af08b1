import HarnessIssues

/// Expects `operation` to change a value exactly as `changes` describes.
///
/// The value is read before and after `operation`; `changes` mutates a copy of the value from
/// before, and that must equal the value after. Otherwise an issue shows the difference
/// (expected: the value `changes` produced; actual: the value after `operation`).
///
/// ```swift
/// struct Counter: Equatable {
///   var count = 0
///   var isOdd = false
///   mutating func increment() {
///     count += 1
///     isOdd.toggle()
///   }
/// }
///
/// @Test func increments() {
///   var counter = Counter()
///   expectDifference(counter) {
///     counter.increment()
///   } changes: {
///     $0.count = 1
///     $0.isOdd = true
///   }
/// }
/// ```
///
/// Every change must be described. To assert only some fields, leave `operation` out and make
/// the change before: `changes` is then compared with the value as it is now.
///
/// <!-- fragment: counter as in the example above -->
/// ```swift
/// counter.increment()
/// expectDifference(counter) { $0.count = 1 }  // isOdd not asserted
/// ```
///
/// With an `operation`, a value that did not change at all is reported too (the assertion would
/// prove nothing); use ``expectNoDifference(_:_:_:fileID:filePath:line:column:)`` for that.
public func expectDifference<T: Equatable>(
  _ expression: @autoclosure () throws -> T,
  _ message: @autoclosure () -> String = "",
  operation: (() throws -> Void)? = nil,
  changes: (inout T) throws -> Void,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  do {
    let original = try expression()
    try operation?()
    let actual = try expression()
    var expected = original
    try changes(&expected)
    DifferenceCheck(original: original, expected: expected, actual: actual, hasOperation: operation != nil)
      .report(message: message, fileID: fileID, filePath: filePath, line: line, column: column)
  } catch {
    reportIssue(error, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// Expects an async `operation` to change a value exactly as `changes` describes. See the
/// synchronous ``expectDifference(_:_:operation:changes:fileID:filePath:line:column:)``.
///
/// <!-- fragment: model is your feature's model -->
/// ```swift
/// await expectDifference(model.count) {
///   await model.incrementButtonTapped()
/// } changes: {
///   $0 = 1
/// }
/// ```
public func expectDifference<T: Equatable>(
  _ expression: @autoclosure () throws -> T,
  _ message: @autoclosure () -> String = "",
  isolation: isolated (any Actor)? = #isolation,
  operation: () async throws -> Void,
  changes: (inout T) throws -> Void,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async {
  do {
    let original = try expression()
    try await operation()
    let actual = try expression()
    var expected = original
    try changes(&expected)
    DifferenceCheck(original: original, expected: expected, actual: actual, hasOperation: true)
      .report(message: message, fileID: fileID, filePath: filePath, line: line, column: column)
  } catch {
    reportIssue(error, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// The verdict of one `expectDifference`.
private struct DifferenceCheck<T: Equatable> {
  let original: T
  let expected: T
  let actual: T
  let hasOperation: Bool

  func report(
    message: () -> String,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    let text: String
    if expected != actual {
      let headline = DifferenceReport.headline(
        "expectDifference failed: the value after the operation is not the value `changes` describes",
        message: message()
      )
      text = DifferenceReport.message(headline: headline, expected: expected, actual: actual)
    } else if hasOperation, original == actual {
      let headline = DifferenceReport.headline(
        "expectDifference failed: the operation changed nothing",
        message: message()
      )
      text = """
        \(headline)

        The value is the same before and after the operation, so this assertion proves nothing. \
        If no change is expected, use expectNoDifference; otherwise check that the operation \
        changes the value you read.
        """
    } else {
      return
    }
    reportIssue(text, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
