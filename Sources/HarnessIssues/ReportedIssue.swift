/// How serious a reported issue is.
///
/// An `.error` fails the running test; a `.warning` is shown but lets the test pass
/// (Swift Testing records it as a warning; XCTest, which has no warnings, prints it).
public enum IssueSeverity: Int, Sendable, Hashable, Comparable, CustomStringConvertible {
  case warning
  case error

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

  public var description: String {
    switch self {
    case .warning: "warning"
    case .error: "error"
    }
  }
}

/// A place in source code, as captured by `#fileID`, `#filePath`, `#line` and `#column`.
public struct SourceCodeLocation: Sendable, Hashable, CustomStringConvertible {
  /// The file in `Module/File.swift` form.
  public var fileID: String
  /// The full path of the file.
  public var filePath: String
  public var line: UInt
  public var column: UInt

  /// The location of the caller.
  public init(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.fileID = "\(fileID)"
    self.filePath = "\(filePath)"
    self.line = line
    self.column = column
  }

  /// A location made of runtime strings.
  public init(fileID: String, filePath: String, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// `Module/File.swift:12:5`
  public var description: String { "\(fileID):\(line):\(column)" }
}

/// One issue, as reported by ``reportIssue(_:severity:fileID:filePath:line:column:)``
/// and handed to every ``IssueReporter``.
public struct ReportedIssue: Sendable, CustomStringConvertible {
  /// What went wrong, written for the person reading the test log.
  public var message: String
  /// The error that caused the issue, when it was reported with one.
  public var error: (any Error)?
  public var severity: IssueSeverity
  /// Where the issue was reported (the caller of `reportIssue`).
  public var location: SourceCodeLocation

  public init(
    message: String,
    error: (any Error)? = nil,
    severity: IssueSeverity = .error,
    location: SourceCodeLocation
  ) {
    self.message = message
    self.error = error
    self.severity = severity
    self.location = location
  }

  /// An issue for an error that was caught where it should not have been thrown:
  /// `message` (if any), a blank line, then `Caught error: …`.
  public init(
    caught error: any Error,
    message: String? = nil,
    severity: IssueSeverity = .error,
    location: SourceCodeLocation
  ) {
    var text = Self.caughtLine(error)
    if let message, !message.isEmpty { text = "\(message)\n\n\(text)" }
    self.init(message: text, error: error, severity: severity, location: location)
  }

  /// The line ``init(caught:message:severity:location:)`` ends an error's message with.
  package static func caughtLine(_ error: any Error) -> String { "Caught error: \(error)" }

  /// The message as reporters show it: `Issue reported` for an issue reported without one
  /// (`reportIssue()`), as swift-issue-reporting shows it, rather than an empty line.
  package var shownMessage: String { message.isEmpty ? "Issue reported" : message }

  /// `Module/File.swift:12:5: error: message`
  public var description: String { "\(location): \(severity): \(message)" }
}
