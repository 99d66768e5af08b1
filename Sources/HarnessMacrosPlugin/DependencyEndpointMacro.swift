#if Macros
import SwiftSyntax
import SwiftSyntaxMacros

/// `@DependencyEndpoint`: on a closure property whose parameters are named
/// (`var fetch: (_ id: Int) async throws -> User`), a method with those labels
/// (`client.fetch(id: 42)`) that calls the property, which stays a `var` tests override.
///
/// The property becomes computed over `_stored_<name>`, a private stored closure, with an `init`
/// accessor (so initializers, the memberwise one too, still take it), a getter and a setter.
/// Both the `init` accessor and the setter note the endpoint's calls for the dependency usage
/// report: they wrap every closure given with `_recordingCalls_<name>`, a static function that
/// calls `HarnessIssues.EndpointCalls.record` and then the closure.
///
/// Alone (in a struct without `@DependencyClient`, whose `init()` gives the unimplemented
/// values), an endpoint without a default whose unimplemented value has something to return (it
/// throws, or returns `Void` or an optional) starts as `unimplemented("Client.name")`: `Client()`
/// is then its unimplemented value.
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
    return [
      """
      @storageRestrictions(initializes: \(raw: member.storageName))
      init(initialValue) {
        \(raw: storage) = \(raw: member.recorded("initialValue"))
      }
      """,
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

  /// `private var _stored_fetch: T`, the endpoint's storage; it starts as
  /// `unimplemented("Client.fetch", …)` when the macro stands alone in a struct (no
  /// `@DependencyClient` there, whose `init()` gives that value) on an endpoint without a default
  /// whose unimplemented value has something to return.
  static func storage(_ member: Member, _ context: some MacroExpansionContext) -> DeclSyntax? {
    guard member.hasStorage, let type = member.type else { return nil }
    let declaration = "private var \(member.storageName): \(type.trimmedDescription)"
    // A neutral result (what `noop` returns: it throws, returns `Void` or an optional) is what
    // makes an unimplemented value possible; the diagnostics ask the same.
    guard member.defaultValue == nil, member.noopClosure != nil,
      let client = context.lexicalContext.first?.as(StructDeclSyntax.self),
      !client.attributes.contains(named: "DependencyClient")
    else { return "\(raw: declaration)" }
    let value = DependencyClientMacro.unimplementedValue(of: member, client: client.name.trimmedDescription, context)
    return "\(raw: declaration) = \(raw: member.recorded(value))"
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
