import HarnessIssues

/// The message for a dependency read in a context its key has no value for: a test reading a
/// dependency without `testValue`, or an app reading one without `liveValue`.
struct MissingValueMessage {
  enum Kind {
    /// The key has no `testValue` nor `previewValue`; the test got the live value.
    case testValue
    /// The key has no `testValue`; the test got its `previewValue`.
    case testValueFromPreview
    /// The key has no `liveValue`; the app got the test value.
    case liveValue
  }

  let kind: Kind
  let keyType: Any.Type
  let valueType: Any.Type
  /// The read that found the value missing; `nil` when `Key.testValue` was called directly.
  let read: DependencyRead?

  init(kind: Kind, keyType: Any.Type, valueType: Any.Type, read: DependencyRead?) {
    self.kind = kind
    self.keyType = keyType
    self.valueType = valueType
    self.read = read
  }

  init(kind: Kind, read: DependencyRead) {
    self.init(kind: kind, keyType: read.keyType, valueType: read.valueType, read: read)
  }

  private var name: DependencyName? { read?.name }

  var text: String {
    let dependency = name?.description ?? "The dependency \(typeName(keyType))"
    var lines: [String] = []
    switch kind {
    case .testValue:
      lines.append("\(dependency) has no test value, so this test got its live value.")
    case .testValueFromPreview:
      lines.append("\(dependency) has no test value, so this test got its preview value.")
    case .liveValue:
      lines.append("\(dependency) has no live value, so the app got its test value.")
    }
    lines.append("")
    lines.append("  Key:     \(typeName(keyType))")
    lines.append("  Value:   \(typeName(valueType))")
    if let access = read?.access {
      lines.append("  Read at: \(access.site.shortDescription) (the @Dependency property)")
    } else if read != nil {
      lines.append("  Read at: not known (read through DependencyValues, not a @Dependency property)")
    }
    if kind != .liveValue, let test = TestContext.current {
      lines.append("  Test:    \(test)")
    }
    lines.append("")
    lines.append(fix)
    return lines.joined(separator: "\n")
  }

  private var fix: String {
    let key = typeName(keyType)
    switch kind {
    case .testValue, .testValueFromPreview:
      let assignment = name?.assignment ?? "$0[\(key).self] = …"
      let trait = name?.trait ?? ".dependencies { $0[\(key).self] = … }"
      return """
        A test must not reach the live implementation by accident. Either:
          • override it for this test: withDependencies { \(assignment) } operation: { … }, \
        or the test trait @Test(\(trait)); or
          • implement `static var testValue` on \(key) (for example with unimplemented(…) \
        endpoints that report each use), so every test gets that value by default.
        """
    case .liveValue:
      let assignment = name?.assignment ?? "$0[\(key).self] = …"
      return """
        \(key) conforms to TestDependencyKey only. Either:
          • conform \(key) to DependencyKey and implement `static var liveValue` (in the module \
        that links the live implementation); or
          • provide it at the app's entry point: prepareDependencies { \(assignment) }.
        """
    }
  }
}

/// `UUIDGenerator` rather than `HarnessDependencies.UUIDGenerator`.
func typeName(_ type: Any.Type) -> String {
  String(describing: type)
}
