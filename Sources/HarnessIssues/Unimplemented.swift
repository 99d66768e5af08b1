/// The error that an unimplemented throwing endpoint throws after reporting its issue.
public struct Unimplemented: Error, Sendable, Equatable, CustomStringConvertible {
  /// The endpoint's name, e.g. `"Client.fetch"`.
  public let endpoint: String

  public init(_ endpoint: String) { self.endpoint = endpoint }

  public var description: String { "Unimplemented: '\(endpoint)'" }
}

// `unimplemented(_:)` builds endpoints for dependency clients that a test did not expect to be
// used. Calling one reports `Unimplemented: 'Client.endpoint'` with where it was defined and the
// arguments it got, then returns the placeholder or throws ``Unimplemented``. Made for a
// dependency's test value, it reports at the `@Dependency` property that read the value (in the
// test that read it). Any arity, sync or async, throwing or not:
//
//     struct APIClient {
//       var fetch: @Sendable (Int) async throws -> User
//       var track: @Sendable (String) -> Void
//       var count: @Sendable () -> Int
//     }
//     extension APIClient {
//       static let unimplemented = APIClient(
//         fetch: unimplemented("APIClient.fetch"),
//         track: unimplemented("APIClient.track"),
//         count: unimplemented("APIClient.count", placeholder: 0)
//       )
//     }

/// An endpoint that reports an issue when called, then returns `placeholder`.
public func unimplemented<each Argument, Result>(
  _ description: String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> Result {
  let site = UnimplementedSite(description, fileID, filePath, line, column)
  return { (arguments: repeat each Argument) in
    site.report(describe(repeat each arguments))
    return placeholder()
  }
}

/// An endpoint returning nothing that reports an issue when called.
// Disfavored so that a throwing `-> Void` endpoint gets the throwing overload (which throws
// `Unimplemented`) instead of this one converted to a throwing type.
@_disfavoredOverload
public func unimplemented<each Argument>(
  _ description: String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> Void {
  let site = UnimplementedSite(description, fileID, filePath, line, column)
  return { (arguments: repeat each Argument) in
    site.report(describe(repeat each arguments))
  }
}

/// A throwing endpoint that reports an issue when called, then throws ``Unimplemented``.
public func unimplemented<each Argument, Result>(
  _ description: String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) throws -> Result {
  let site = UnimplementedSite(description, fileID, filePath, line, column)
  return { (arguments: repeat each Argument) in
    site.report(describe(repeat each arguments))
    throw Unimplemented(site.endpoint)
  }
}

/// An async endpoint that reports an issue when called, then returns `placeholder`.
public func unimplemented<each Argument, Result>(
  _ description: String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async -> Result {
  let site = UnimplementedSite(description, fileID, filePath, line, column)
  return { (arguments: repeat each Argument) in
    site.report(describe(repeat each arguments))
    return placeholder()
  }
}

/// An async endpoint returning nothing that reports an issue when called.
// Disfavored for the same reason as the synchronous `-> Void` overload.
@_disfavoredOverload
public func unimplemented<each Argument>(
  _ description: String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async -> Void {
  let site = UnimplementedSite(description, fileID, filePath, line, column)
  return { (arguments: repeat each Argument) in
    site.report(describe(repeat each arguments))
  }
}

/// An async throwing endpoint that reports an issue when called, then throws ``Unimplemented``.
public func unimplemented<each Argument, Result>(
  _ description: String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async throws -> Result {
  let site = UnimplementedSite(description, fileID, filePath, line, column)
  return { (arguments: repeat each Argument) in
    site.report(describe(repeat each arguments))
    throw Unimplemented(site.endpoint)
  }
}

/// Reports a use of an unimplemented value that is not a closure, e.g. a computed property.
///
/// ```swift
/// struct Settings: Sendable {
///   var isDarkMode = false
///   static let `default` = Settings()
/// }
///
/// extension Settings {
///   static var unimplemented: Settings {
///     Harness.unimplemented("Settings.current", placeholder: .default)
///   }
/// }
/// ```
public func unimplemented<Result>(
  _ description: String = "",
  placeholder: Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> Result {
  UnimplementedSite(description, fileID, filePath, line, column).report(nil)
  return placeholder
}

/// The `@Dependency` property whose test value is being built, and the test it is built for:
/// an unimplemented endpoint made meanwhile reports its use there, in the user's feature, rather
/// than where the endpoint was defined (which becomes the message's "Defined at" line).
package struct UnimplementedReadSite: Sendable {
  package let location: SourceCodeLocation
  package let test: TestContext?
  /// How a test overrides the dependency in `withDependencies`, without the value: `$0.factClient`
  /// or `$0[FactClient.self]`; `nil` when unknown.
  package let override: String?

  package init(location: SourceCodeLocation, test: TestContext?, override: String? = nil) {
    self.location = location
    self.test = test
    self.override = override
  }

  @TaskLocal package static var current: UnimplementedReadSite?
}

extension UnimplementedReadSite? {
  /// Where to report a use: the property that read the value while the test that read it runs
  /// (a value kept in a `static let` outlives that test), else `fallback`.
  package func location(orElse fallback: SourceCodeLocation) -> SourceCodeLocation {
    current?.location ?? fallback
  }

  /// The read site, if it belongs to the test running now.
  package var current: UnimplementedReadSite? {
    guard let site = self, site.test == TestContext.current else { return nil }
    return site
  }
}

/// Where an unimplemented endpoint was defined, and how to report its use.
struct UnimplementedSite: Sendable {
  let description: String
  let location: SourceCodeLocation
  /// The `@Dependency` property that read the value this endpoint was made for, if any.
  let readSite: UnimplementedReadSite?

  init(
    _ description: String,
    _ fileID: StaticString,
    _ filePath: StaticString,
    _ line: UInt,
    _ column: UInt
  ) {
    self.description = description
    self.location = SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    self.readSite = UnimplementedReadSite.current
  }

  /// The endpoint's name for the thrown error: its description, or where it was defined when
  /// it has none (never an empty name).
  var endpoint: String {
    description.isEmpty ? "endpoint defined at \(location.fileID):\(location.line)" : description
  }

  func report(_ arguments: String?) {
    var message = description.isEmpty ? "Unimplemented" : "Unimplemented: '\(description)'"
    message += "\n\n  Defined at:\n    \(location.fileID):\(location.line)"
    if let arguments {
      message += "\n\n  Invoked with:\n    \(arguments.isEmpty ? "()" : arguments)"
    }
    let read = readSite.current
    message += "\n\nA test used an endpoint it did not expect to be used. " + fix(read: read)
    HarnessIssues.report(ReportedIssue(message: message, location: read?.location ?? location))
  }

  /// How to override the endpoint: spelled out (`$0.factClient.fact = { … }`) when the
  /// dependency that made it is known and the description names the endpoint.
  private func fix(read: UnimplementedReadSite?) -> String {
    let endpoint = description.split(separator: ".").last.map(String.init) ?? ""
    let isIdentifier =
      description.contains(".") && !endpoint.isEmpty
      && endpoint.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    guard let override = read?.override, isIdentifier else {
      return "Override it in the test (withDependencies, or a test trait) if the test should use it."
    }
    return """
      If the test should use it, override it in the test: \
      withDependencies { \(override).\(endpoint) = { … } } operation: { … }, or the same \
      assignment in the .dependencies { … } test trait.
      """
  }
}

/// The arguments an endpoint was invoked with, as `1, "two", nil`.
func describe<each Argument>(_ arguments: repeat each Argument) -> String {
  var parts: [String] = []
  for argument in repeat each arguments {
    // Strings quoted so `""` and `" "` are told apart; everything else as users print it.
    parts.append(argument is String ? String(reflecting: argument) : String(describing: argument))
  }
  return parts.joined(separator: ", ")
}
