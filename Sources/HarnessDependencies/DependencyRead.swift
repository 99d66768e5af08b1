import HarnessIssues

/// One read of a dependency's default value, described for messages: which dependency, through
/// what, and from where. Built only when a default value is looked up, never on the fast path.
@usableFromInline
struct DependencyRead {
  let keyType: Any.Type
  let valueType: Any.Type
  /// `#function` where `DependencyValues`' subscript was called: the registering property's name.
  let function: StaticString
  /// The `@Dependency` property being read, if the read goes through one.
  let access: DependencyAccess?
  /// Where `DependencyValues`' subscript was called (the registering property).
  let site: StaticSourceLocation

  @usableFromInline
  init(
    keyType: Any.Type,
    valueType: Any.Type,
    function: StaticString,
    access: DependencyAccess?,
    site: StaticSourceLocation
  ) {
    self.keyType = keyType
    self.valueType = valueType
    self.function = function
    self.access = access
    self.site = site
  }

  /// `@Dependency(\.uuid)`, or `@Dependency(Client.self)` for a key read directly.
  var name: DependencyName {
    let property = access?.readsKeyDirectly == true ? nil : DependencyName.property(from: function)
    return DependencyName(property: property, keyType: keyType, valueType: valueType)
  }

  /// Where to attribute an issue: the `@Dependency` property if known, else the registration.
  var issueLocation: SourceCodeLocation {
    (access?.site ?? site).location
  }
}

/// A `#fileID`/`#filePath`/`#line`/`#column` quadruple kept as captured: turning it into strings
/// costs, so that happens only when a message needs it.
@usableFromInline
struct StaticSourceLocation: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  @usableFromInline
  init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  var location: SourceCodeLocation {
    SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// `Module/File.swift:12`
  var shortDescription: String { "\(fileID):\(line)" }
}

/// How a dependency is named in messages: the way a user writes it.
struct DependencyName: CustomStringConvertible, Sendable {
  /// The `DependencyValues` property, e.g. `uuid`; `nil` when the key is read directly.
  let property: String?
  let keyTypeName: String
  /// Whether the key is also the value type (`@Dependency(Client.self)` gives a `Client`).
  let isOwnKey: Bool

  init(property: String?, keyType: Any.Type, valueType: Any.Type) {
    self.property = property
    self.keyTypeName = String(describing: keyType)
    self.isOwnKey = keyType == valueType
  }

  /// `@Dependency(\.uuid)` or `@Dependency(Client.self)`.
  var description: String {
    if let property { return "@Dependency(\\.\(property))" }
    return "@Dependency(\(keyTypeName).self)"
  }

  /// How to override it in `withDependencies`: `$0.uuid = …` or `$0[Client.self] = …`.
  var assignment: String { "\(overriddenValue) = …" }

  /// The value `withDependencies` overrides: `$0.uuid` or `$0[Client.self]`.
  var overriddenValue: String {
    if let property { return "$0.\(property)" }
    return "$0[\(keyTypeName).self]"
  }

  /// The test trait overriding it: `.dependency(\.uuid, …)` or `.dependency(Client.…)`.
  var trait: String {
    if let property { return ".dependency(\\.\(property), …)" }
    if isOwnKey { return ".dependency(\(keyTypeName).…)" }
    return ".dependencies { $0[\(keyTypeName).self] = … }"
  }

  /// The property name in a `#function` string, or `nil` when `function` is not a property
  /// (e.g. `body()` when a function reads `DependencyValues.current[Key.self]` itself, or a key's
  /// `liveValue` reading another key).
  static func property(from function: StaticString) -> String? {
    let text = "\(function)"
    guard let first = text.unicodeScalars.first, !("0"..."9").contains(first) else { return nil }
    guard !["liveValue", "testValue", "previewValue"].contains(text) else { return nil }
    let isIdentifier = text.unicodeScalars.allSatisfy { scalar in
      scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
        || ("0"..."9").contains(scalar)
    }
    return isIdentifier ? text : nil
  }
}
