#if Macros
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@DependencyClient`: on a struct of closure properties, generates an initializer taking every
/// endpoint, an unimplemented `init()` and `static var noop`, and marks each endpoint
/// `@DependencyEndpoint`.
public enum DependencyClientMacro: MemberMacro, MemberAttributeMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let client = declaration.as(StructDeclSyntax.self) else {
      context.diagnose(notAStruct(node, declaration))
      return []
    }
    let members = Member.all(of: client)
    let diagnostics = members.flatMap { $0.diagnostics() }
    guard diagnostics.isEmpty else {
      diagnostics.forEach(context.diagnose)
      return []
    }
    let access = accessPrefix(client.modifiers)
    let clientName = client.name.trimmedDescription
    var declarations: [DeclSyntax] = []
    if !members.isEmpty {
      declarations.append(memberwiseInitializer(members, access: access))
    }
    declarations.append(unimplementedInitializer(members, client: clientName, access: access, context))
    declarations.append(noop(members, access: access))
    return declarations
  }

  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    guard declaration.is(StructDeclSyntax.self), let variable = member.as(VariableDeclSyntax.self),
      !variable.attributes.contains(named: "DependencyEndpoint")
    else { return [] }
    // An endpoint declared with others (`var a: () -> Void, b: () -> Void`) is left alone: the
    // accessor `@DependencyEndpoint` adds needs a binding of its own.
    guard variable.bindings.count == 1 else { return [] }
    let endpoints = Member.members(of: variable).filter { $0.function != nil && !$0.isLet }
    return endpoints.isEmpty ? [] : ["@DependencyEndpoint"]
  }

  /// `init(fetch:save:)`: every stored property, with the defaults the declaration gives.
  static func memberwiseInitializer(_ members: [Member], access: String) -> DeclSyntax {
    let parameters = members.map { member in
      var parameter = "\(member.name): \(member.parameterType)"
      if let value = member.defaultValue {
        parameter += " = \(value.trimmedDescription)"
      } else if member.function == nil, let type = member.type, isOptional(type) {
        parameter += " = nil"
      }
      return parameter
    }
    // An endpoint's `init` accessor wraps what it is given for the usage report.
    let body = members.map { "self.\($0.name) = \($0.name)" }
    return """
      \(raw: access)init(
        \(raw: parameters.joined(separator: ",\n"))
      ) {
        \(raw: body.joined(separator: "\n"))
      }
      """
  }

  /// `init()`: each endpoint reports `Unimplemented: 'Client.endpoint'` through
  /// `HarnessIssues.unimplemented`, then throws or returns its default, `Void` or `nil`.
  static func unimplementedInitializer(
    _ members: [Member],
    client: String,
    access: String,
    _ context: some MacroExpansionContext
  ) -> DeclSyntax {
    var statements: [String] = []
    for member in members where member.function != nil {
      if member.isThrowing || member.defaultValue == nil {
        statements.append("self.\(member.name) = \(unimplementedValue(of: member, client: client, context))")
        continue
      }
      // The declaration's own initial value, already stored when `init()` starts (wrapped for
      // the usage report, so it is written back to the storage, not through the `init` accessor
      // again): a copy of its expression here would sit in the macro's expansion, where `#line`
      // in it (an `unimplemented(…)` default's) names the `@DependencyClient` attribute.
      let storage = member.hasStorage ? "self.\(member.storageName)" : "self.\(member.name)"
      let answer = reportThenDefault(member, client: client, context)
      statements.append(answer.report)
      statements.append("let \(answer.fallback) = \(storage)")
      statements.append("\(storage) = \(answer.closure)")
    }
    return """
      \(raw: access)init() {
        \(raw: statements.joined(separator: "\n"))
      }
      """
  }

  /// An endpoint's default answering after the report: `report`, the statement making
  /// `reportFetch` (`HarnessIssues.unimplemented` for the endpoint); `closure`, which calls it
  /// with the arguments and then returns what the closure named `fallback` returns for them.
  static func reportThenDefault(
    _ member: Member,
    client: String,
    _ context: some MacroExpansionContext
  ) -> (report: String, fallback: String, closure: String) {
    let site = siteArguments(of: member, client: client, context)
    let capitalized = member.plainName.prefix(1).uppercased() + member.plainName.dropFirst()
    let names = member.parameterTypes.indices.map { "p\($0)" }
    let arguments = names.joined(separator: ", ")
    let parameterTypes = member.parameterTypes.map(\.trimmedDescription).joined(separator: ", ")
    let report =
      "let report\(capitalized): @Sendable (\(parameterTypes)) -> Void = HarnessIssues.unimplemented(\(site.name)\(site.location))"
    // The arguments are reported, then passed on.
    let closure = """
      {\(closureHead(parameterNames: names))
        report\(capitalized)(\(arguments))
        return \(member.isAsync ? "await " : "")default\(capitalized)(\(arguments))
      }
      """
    return (report, "default\(capitalized)", closure)
  }

  /// `static var noop`: every endpoint does nothing and returns its default, `Void`, `nil`, or
  /// throws `CancellationError` (what a cancelled request throws). Every argument is spelled
  /// out: `Self()` would be the unimplemented value.
  static func noop(_ members: [Member], access: String) -> DeclSyntax {
    let arguments = members.map { member in
      "\(member.name): \(member.defaultValue?.trimmedDescription ?? member.noopClosure ?? "nil")"
    }
    let call = arguments.isEmpty ? "Self()" : "Self(\n\(arguments.joined(separator: ",\n"))\n)"
    return """
      /// Every endpoint does nothing: returns its default, `Void` or `nil`, or throws `CancellationError`.
      \(raw: access)static var noop: Self {
        \(raw: call)
      }
      """
  }

  /// `HarnessIssues.unimplemented("Client.endpoint", …)`: the endpoint's unimplemented value, for
  /// an endpoint with a neutral result (`placeholder: nil` for an optional one that cannot throw).
  static func unimplementedValue(of member: Member, client: String, _ context: some MacroExpansionContext) -> String {
    let site = siteArguments(of: member, client: client, context)
    let placeholder = member.returnsOptional && !member.isThrowing ? ", placeholder: nil" : ""
    return "HarnessIssues.unimplemented(\(site.name)\(placeholder)\(site.location))"
  }

  /// `"Client.endpoint"` and `, fileID: …, filePath: …, line: …, column: …`: the endpoint's name
  /// and where it is declared, which the report names.
  static func siteArguments(
    of member: Member,
    client: String,
    _ context: some MacroExpansionContext
  ) -> (name: String, location: String) {
    var arguments = ""
    if let fileID = context.location(of: member.binding, at: .afterLeadingTrivia, filePathMode: .fileID),
      let filePath = context.location(of: member.binding, at: .afterLeadingTrivia, filePathMode: .filePath)
    {
      arguments = ", fileID: \(fileID.file), filePath: \(filePath.file), line: \(fileID.line), column: \(fileID.column)"
    }
    return ("\"\(client).\(member.plainName)\"", arguments)
  }

  /// The error for a `@DependencyClient` on anything but a struct, with a fix-it turning a class,
  /// an enum or an actor into a struct.
  static func notAStruct(_ node: AttributeSyntax, _ declaration: some DeclGroupSyntax) -> Diagnostic {
    let keyword: TokenSyntax? =
      declaration.as(ClassDeclSyntax.self)?.classKeyword
      ?? declaration.as(EnumDeclSyntax.self)?.enumKeyword
      ?? declaration.as(ActorDeclSyntax.self)?.actorKeyword
    let fixIts = keyword.map { keyword in
      [
        FixIt(
          message: ClientFixIt(message: "Replace '\(keyword.text)' with 'struct'"),
          changes: [.replace(oldNode: Syntax(keyword), newNode: Syntax(keyword.with(\.tokenKind, .keyword(.struct))))]
        )
      ]
    } ?? []
    return Diagnostic(node: node, message: ClientDiagnostic.notAStruct, fixIts: fixIts)
  }
}
#endif
