#if Macros
import SwiftSyntax
import SwiftSyntaxMacros

/// `@DependencyEndpoint`: on a closure property whose parameters are named
/// (`var fetch: (_ id: Int) async throws -> User`), a method with those labels
/// (`client.fetch(id: 42)`) that calls the property, which stays a `var` tests override.
///
/// The property becomes computed over `_stored_<name>`, a private stored closure, with an `init`
/// accessor (so initializers, the memberwise one too, still take it), a getter and a setter
/// (alone with a default, only the getter and setter: see `storage`).
/// Both the `init` accessor and the setter note the endpoint's calls for the dependency usage
/// report: they wrap every closure given with `_recordingCalls_<name>`, a static function that
/// calls `HarnessIssues.EndpointCalls.record` and then the closure.
///
/// Alone (in a struct without `@DependencyClient`, whose `init()` gives the unimplemented
/// values), an endpoint without a default whose unimplemented value has something to return (it
/// throws, or returns `Void` or an optional) starts as `unimplemented("Client.name")`, and one
/// with a default as a closure that reports and then answers with it: `Client()` is then its
/// unimplemented value.
public enum DependencyEndpointMacro: PeerMacro, AccessorMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let variable = declaration.as(VariableDeclSyntax.self) else { return [] }
    return Member.members(of: variable).flatMap { member in
      [storage(member, context), labelledMethod(member, access: accessPrefix(variable.modifiers)), recorder(member)]
        .compactMap { $0 }
    }
  }

  public static func expansion(
    of node: AttributeSyntax,
    providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard let variable = declaration.as(VariableDeclSyntax.self),
      let member = Member.members(of: variable).first, member.hasStorage
    else { return [] }
    let storage = "self.\(member.storageName)"
    // Alone with a default, no `init` accessor: the initializers would hand it the declared
    // default, indistinguishable from a closure given, and the storage's reporting value is lost.
    let initAccessor: [AccessorDeclSyntax] =
      member.defaultValue != nil && loneClient(context) != nil
      ? []
      : [
        """
        @storageRestrictions(initializes: \(raw: member.storageName))
        init(initialValue) {
          \(raw: storage) = \(raw: member.recorded("initialValue"))
        }
        """
      ]
    return initAccessor + [
      """
      get {
        \(raw: storage)
      }
      """,
      """
      set {
        \(raw: storage) = \(raw: member.recorded("newValue"))
      }
      """,
    ]
  }

  /// `private var _stored_fetch: T`, the endpoint's storage. When the macro stands alone in a
  /// struct (no `@DependencyClient` there, whose `init()` gives the unimplemented values), it
  /// starts as the endpoint's unimplemented value (as swift-dependencies' endpoints do):
  /// - without a default, `unimplemented("Client.fetch", …)`, if that value has something to
  ///   return;
  /// - with a non-throwing default, a closure that reports and then answers with the default.
  ///   The storage is then internal (`Client()` needs it, and a private one would make the
  ///   memberwise initializer private), and the property has no `init` accessor: initializers
  ///   do not take the endpoint; assign it instead.
  static func storage(_ member: Member, _ context: some MacroExpansionContext) -> DeclSyntax? {
    guard member.hasStorage, let type = member.type else { return nil }
    let typeName = type.trimmedDescription
    let declaration = "private var \(member.storageName): \(typeName)"
    guard let client = loneClient(context)?.name.trimmedDescription else { return "\(raw: declaration)" }
    if let defaultValue = member.defaultValue {
      let value =
        member.isThrowing
        ? DependencyClientMacro.unimplementedValue(of: member, client: client, context)
        : reportingDefault(member, typeName: typeName, defaultValue: defaultValue.trimmedDescription, client: client, context)
      return "var \(raw: member.storageName): \(raw: typeName) = \(raw: member.recorded(value))"
    }
    // A neutral result (what `noop` returns: it throws, returns `Void` or an optional) is what
    // makes an unimplemented value possible; the diagnostics ask the same.
    guard member.noopClosure != nil else { return "\(raw: declaration)" }
    let value = DependencyClientMacro.unimplementedValue(of: member, client: client, context)
    return "\(raw: declaration) = \(raw: member.recorded(value))"
  }

  /// The struct the macro stands alone in: its innermost enclosing type, a struct not marked
  /// `@DependencyClient`.
  static func loneClient(_ context: some MacroExpansionContext) -> StructDeclSyntax? {
    guard let client = context.lexicalContext.first?.as(StructDeclSyntax.self),
      !client.attributes.contains(named: "DependencyClient")
    else { return nil }
    return client
  }

  /// A closure reporting `Unimplemented: 'Client.name'` and then answering with `defaultValue`,
  /// made by a closure called at once (an initial value cannot declare).
  static func reportingDefault(
    _ member: Member,
    typeName: String,
    defaultValue: String,
    client: String,
    _ context: some MacroExpansionContext
  ) -> String {
    let answer = DependencyClientMacro.reportThenDefault(member, client: client, context)
    return """
      { () -> \(typeName) in
        \(answer.report)
        let \(answer.fallback): \(typeName) = \(defaultValue)
        return \(answer.closure)
      }()
      """
  }

  /// `private static func _recordingCalls_fetch(_:)`: the closure it is given, noting each call
  /// in `EndpointCalls` first.
  static func recorder(_ member: Member) -> DeclSyntax? {
    guard member.isRecorded, let type = member.type else { return nil }
    let names = member.parameterTypes.indices.map { "p\($0)" }
    let arguments = member.parameterTypes.indices.map { "p\($0)" }.joined(separator: ", ")
    let call =
      (member.isThrowing ? "try " : "") + (member.isAsync ? "await " : "") + "endpoint(\(arguments))"
    return """
      private static func \(raw: member.recorderName)(_ endpoint: \(raw: member.parameterType)) -> \(type.trimmed) {
        {\(raw: closureHead(parameterNames: names))
          HarnessIssues.EndpointCalls.record(Self.self, "\(raw: member.plainName)")
          return \(raw: call)
        }
      }
      """
  }

  static func labelledMethod(_ member: Member, access: String) -> DeclSyntax? {
    guard let function = member.function else { return nil }
    let labels = function.parameters.map(label(of:))
    // Unnamed parameters already read well at the call site; `inout` and variadics stay closures.
    guard labels.contains(where: { $0 != nil }),
      !function.parameters.contains(where: { $0.ellipsis != nil || $0.inoutKeyword != nil })
    else { return nil }
    let names = labels.enumerated().map { index, label in label ?? "p\(index)" }
    let parameters = zip(labels, zip(names, function.parameters)).map { label, pair in
      let (name, parameter) = pair
      return label == nil ? "_ \(name): \(parameter.type.trimmedDescription)" : "\(name): \(parameter.type.trimmedDescription)"
    }
    // A label that is a keyword (`_ for: Location.ID`) is a fine label, but a parameter used in
    // an expression needs backticks.
    let arguments = names.map { keywords.contains($0) ? "`\($0)`" : $0 }
    let effects = function.effectSpecifiers.map { " \($0.trimmedDescription)" } ?? ""
    let call =
      (member.isThrowing ? "try " : "") + (member.isAsync ? "await " : "")
      + "self.\(member.name)(\(arguments.joined(separator: ", ")))"
    return """
      \(raw: access)func \(raw: member.name)(\(raw: parameters.joined(separator: ", ")))\(raw: effects) -> \(function.returnClause.type.trimmed) {
        \(raw: call)
      }
      """
  }

  /// A parameter's name in the closure type (`_ id: Int` → `id`), or `nil` when it has none.
  static func label(of parameter: TupleTypeElementSyntax) -> String? {
    let name = parameter.secondName ?? parameter.firstName
    guard let name, name.tokenKind != .wildcard else { return nil }
    return name.text
  }

  /// Words that cannot stand for a value unquoted.
  static let keywords: Set<String> = [
    "any", "as", "associatedtype", "await", "break", "case", "catch", "class", "continue",
    "default", "defer", "deinit", "do", "else", "enum", "extension", "fallthrough", "false",
    "fileprivate", "for", "func", "guard", "if", "import", "in", "init", "inout", "internal", "is",
    "let", "nil", "operator", "private", "protocol", "public", "repeat", "return", "self", "Self",
    "static", "struct", "subscript", "super", "switch", "throw", "throws", "true", "try",
    "typealias", "var", "where", "while",
  ]
}

extension TupleTypeElementSyntax {
  /// Whether the parameter is `inout`.
  var inoutKeyword: TokenSyntax? {
    type.as(AttributedTypeSyntax.self)?.specifiers.lazy.compactMap { specifier -> TokenSyntax? in
      guard case .simpleTypeSpecifier(let simple) = specifier, simple.specifier.tokenKind == .keyword(.inout)
      else { return nil }
      return simple.specifier
    }.first
  }
}
#endif
